// Command go_errors calls standard-library functions with bad input and logs each error the
// way a program does (log's default prefix, then the error). It is the Go half of
// examples/eval_scanned: see label.py for how each line gets the statement that made it.
//
// On stdout, one JSON object per error: {"case": name, "line": what was logged}. On stderr,
// after each case, "ERRDONE n ptr..." with the address of every error value in the
// error's Unwrap chain, outermost first, so an instrumented standard library's record of
// where each value was made can be matched to it; then "ERRTYPES n type..." with the
// package path and name of each value's type, for the errors a struct of a type makes.
package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/rand"
	"crypto/rsa"
	_ "crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/ascii85"
	"encoding/asn1"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"encoding/xml"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"html/template"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/mail"
	"net/netip"
	"net/textproto"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	ttemplate "text/template"
	"text/template/parse"
	"time"
	"unicode/utf8"
)

type entry struct {
	name string
	run  func() error
}

// Inputs a program gets wrong: empty, junk, out of range, half a value.
var junk = []string{"", "x", "-", "1e999", "0x", "99999999999999999999", "1.2.3", "%zz", "[", "\xff", "-1", "::"}

func cases() []entry {
	var out []entry
	add := func(name string, run func() error) { out = append(out, entry{name, run}) }
	for _, s := range junk {
		s := s
		add("strconv.Atoi "+s, func() error { _, err := strconv.Atoi(s); return err })
		add("strconv.ParseInt8 "+s, func() error { _, err := strconv.ParseInt(s, 10, 8); return err })
		add("strconv.ParseUint "+s, func() error { _, err := strconv.ParseUint(s, 0, 64); return err })
		add("strconv.ParseFloat "+s, func() error { _, err := strconv.ParseFloat(s, 64); return err })
		add("strconv.ParseBool "+s, func() error { _, err := strconv.ParseBool(s); return err })
		add("strconv.ParseComplex "+s, func() error { _, err := strconv.ParseComplex(s, 128); return err })
		add("strconv.Unquote "+s, func() error { _, err := strconv.Unquote(s); return err })
		add("time.ParseDuration "+s, func() error { _, err := time.ParseDuration(s); return err })
		add("time.Parse "+s, func() error { _, err := time.Parse(time.RFC3339, s); return err })
		add("time.LoadLocation "+s, func() error { _, err := time.LoadLocation(s + "/Nowhere"); return err })
		add("url.Parse "+s, func() error { _, err := url.Parse("http://a b.com/" + s + "%"); return err })
		add("url.ParseQuery "+s, func() error { _, err := url.ParseQuery("a=" + s + "%z;b"); return err })
		add("url.PathUnescape "+s, func() error { _, err := url.PathUnescape(s + "%4"); return err })
		add("url.ParseRequestURI "+s, func() error { _, err := url.ParseRequestURI(s); return err })
		add("json.Unmarshal "+s, func() error { var v any; return json.Unmarshal([]byte(s), &v) })
		add("regexp.Compile "+s, func() error { _, err := regexp.Compile(s + "(?P<"); return err })
		add("net.ParseCIDR "+s, func() error { _, _, err := net.ParseCIDR(s); return err })
		add("net.ParseMAC "+s, func() error { _, err := net.ParseMAC(s); return err })
		add("netip.ParseAddr "+s, func() error { _, err := netip.ParseAddr(s); return err })
		add("netip.ParsePrefix "+s, func() error { _, err := netip.ParsePrefix(s); return err })
		add("netip.ParseAddrPort "+s, func() error { _, err := netip.ParseAddrPort(s); return err })
		add("base64.Decode "+s, func() error { _, err := base64.StdEncoding.DecodeString(s + "!"); return err })
		add("base32.Decode "+s, func() error { _, err := base32.StdEncoding.DecodeString(s + "1"); return err })
		add("hex.Decode "+s, func() error { _, err := hex.DecodeString(s + "g"); return err })
		add("hex.DecodeOdd "+s, func() error { _, err := hex.DecodeString(s + "abc"); return err })
		add("mime.ParseMediaType "+s, func() error { _, _, err := mime.ParseMediaType(s + ";a"); return err })
		add("mail.ParseAddress "+s, func() error { _, err := mail.ParseAddress(s + "<"); return err })
		add("big.Float.Parse "+s, func() error { _, _, err := big.ParseFloat(s, 10, 53, big.ToNearestEven); return err })
		add("filepath.Match "+s, func() error { _, err := filepath.Match(s+"[", "a"); return err })
		add("template.Parse "+s, func() error { _, err := ttemplate.New("t").Parse("{{" + s + "}}"); return err })
		add("html/template.Parse "+s, func() error { _, err := template.New("h").Parse("{{" + s); return err })
		add("xml.Unmarshal "+s, func() error { var v struct{ A int }; return xml.Unmarshal([]byte("<a>"+s), &v) })
		add("csv.Read "+s, func() error { _, err := csv.NewReader(strings.NewReader("a,\"b" + s + "\"c\n")).ReadAll(); return err })
		add("os.Open "+s, func() error { _, err := os.Open("/nonexistent/" + s); return err })
		add("exec.LookPath "+s, func() error { _, err := exec.LookPath("no-such-tool-" + s); return err })
		add("parser.ParseExpr "+s, func() error { _, err := parser.ParseExpr(s + "+)"); return err })
		add("format.Source "+s, func() error { _, err := format.Source([]byte("package p; func " + s)); return err })
		add("http.ReadRequest "+s, func() error {
			_, err := http.ReadRequest(bufio.NewReader(strings.NewReader(s + " / HTTP/9\r\n\r\n")))
			return err
		})
		add("http.NewRequest "+s, func() error { _, err := http.NewRequest(s+" ", "http://x/", nil); return err })
		add("textproto.ReadMIMEHeader "+s, func() error {
			_, err := textproto.NewReader(bufio.NewReader(strings.NewReader(s + "\r\n :x\r\n\r\n"))).ReadMIMEHeader()
			return err
		})
		add("x509.ParseCertificate "+s, func() error { _, err := x509.ParseCertificate([]byte(s)); return err })
		add("x509.ParsePKCS1PrivateKey "+s, func() error { _, err := x509.ParsePKCS1PrivateKey([]byte(s)); return err })
		add("x509.ParsePKIXPublicKey "+s, func() error { _, err := x509.ParsePKIXPublicKey([]byte(s)); return err })
		add("x509.ParseECPrivateKey "+s, func() error { _, err := x509.ParseECPrivateKey([]byte(s)); return err })
		add("x509.ParsePKCS8PrivateKey "+s, func() error { _, err := x509.ParsePKCS8PrivateKey([]byte(s)); return err })
		add("tls.X509KeyPair "+s, func() error { _, err := tls.X509KeyPair([]byte(s), []byte(s)); return err })
		add("asn1.Unmarshal "+s, func() error { var v int; _, err := asn1.Unmarshal([]byte(s), &v); return err })
		add("gzip.NewReader "+s, func() error { _, err := gzip.NewReader(strings.NewReader(s + "xxxxxxxxxx")); return err })
		add("zlib.NewReader "+s, func() error { _, err := zlib.NewReader(strings.NewReader(s + "xx")); return err })
		add("zip.NewReader "+s, func() error { _, err := zip.NewReader(strings.NewReader(s), int64(len(s))); return err })
		add("tar.Next "+s, func() error {
			_, err := tar.NewReader(strings.NewReader(strings.Repeat(s+"z", 600))).Next()
			return err
		})
		add("bzip2.Read "+s, func() error { _, err := io.ReadAll(bzip2.NewReader(strings.NewReader("BZh" + s))); return err })
		add("png.Decode "+s, func() error { _, err := png.Decode(strings.NewReader("\x89PNG\r\n\x1a\n" + s)); return err })
		add("gif.Decode "+s, func() error { _, err := gif.Decode(strings.NewReader("GIF89a" + s)); return err })
		add("jpeg.Decode "+s, func() error { _, err := jpeg.Decode(strings.NewReader("\xff\xd8" + s)); return err })
		add("image.Decode "+s, func() error { _, _, err := image.Decode(strings.NewReader(s)); return err })
		add("gob.Decode "+s, func() error { var v int; return gob.NewDecoder(strings.NewReader(s + "\x03abc")).Decode(&v) })
		add("binary.Read "+s, func() error { var v uint64; return binary.Read(strings.NewReader(s), binary.BigEndian, &v) })
		add("ascii85.Decode "+s, func() error { _, _, err := ascii85.Decode(make([]byte, 64), []byte(s+"v"), true); return err })
		add("multipart.ReadForm "+s, func() error {
			_, err := multipart.NewReader(strings.NewReader("--b\r\n"+s+"\r\n"), "b").ReadForm(1 << 20)
			return err
		})
		add("aes.NewCipher "+s, func() error { _, err := aes.NewCipher([]byte(s)); return err })
		add("pem+x509 "+s, func() error {
			b, _ := pem.Decode([]byte("-----BEGIN CERTIFICATE-----\n" + base64.StdEncoding.EncodeToString([]byte("0\x03"+s)) + "\n-----END CERTIFICATE-----\n"))
			if b == nil {
				return nil
			}
			_, err := x509.ParseCertificate(b.Bytes)
			return err
		})
		add("utf8+strconv.QuotedPrefix "+s, func() error {
			if utf8.ValidString(s) {
				_, err := strconv.QuotedPrefix(s)
				return err
			}
			return nil
		})
		add("template.Execute "+s, func() error {
			t, err := ttemplate.New("e").Parse("{{.A.B}} {{index . 3}} {{call .}} {{len 3}}")
			if err != nil {
				return err
			}
			var data any = s
			return t.Execute(io.Discard, data)
		})
		add("parse.Parse "+s, func() error { _, err := parse.Parse("p", "{{define}}"+s, "{{", "}}"); return err })
		add("token.File "+s, func() error { _, err := parser.ParseFile(token.NewFileSet(), "x.go", "package "+s, 0); return err })
		add("json.Unmarshal typed "+s, func() error { var v struct{ A int }; return json.Unmarshal([]byte(`{"A":"`+s+`"}`), &v) })
		add("json.Marshal "+s, func() error { _, err := json.Marshal(map[string]any{"c": make(chan int), s: 1}); return err })
		add("xml.Marshal "+s, func() error { _, err := xml.Marshal(map[string]string{s: s}); return err })
	}
	// Calls that fail the same way whatever the input: misuse, limits, wrong keys.
	add("strconv.ParseInt base", func() error { _, err := strconv.ParseInt("1", 1, 64); return err })
	add("strconv.ParseInt bitSize", func() error { _, err := strconv.ParseInt("1", 10, 65); return err })
	add("url.Parse host", func() error { _, err := url.Parse("http://[::1"); return err })
	add("url.Parse port", func() error { _, err := url.Parse("http://a:b:c/"); return err })
	add("url.Parse control", func() error { _, err := url.Parse("http://a/\x7f\n"); return err })
	add("url.Parse first path segment", func() error { _, err := url.Parse("a:b/c:d"); return err })
	add("http.Get no scheme", func() error { _, err := http.Get("/relative"); return err })
	add("http.NewRequestWithContext nil", func() error {
		_, err := http.NewRequestWithContext(nil, "GET", "http://x/", nil)
		return err
	})
	add("http.ReadResponse", func() error {
		_, err := http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 abc\r\n\r\n")), nil)
		return err
	})
	add("mime.WordDecoder", func() error { _, err := new(mime.WordDecoder).Decode("=?x-nope?Q?a?="); return err })
	add("mime.WordDecoder encoding", func() error { _, err := new(mime.WordDecoder).Decode("=?utf-8?Z?a?="); return err })
	add("mail.ParseDate", func() error { _, err := mail.ParseDate("yesterday"); return err })
	add("time.LoadLocationFromTZData", func() error { _, err := time.LoadLocationFromTZData("x", []byte("junk")); return err })
	add("time.UnmarshalBinary", func() error { var t time.Time; return t.UnmarshalBinary(nil) })
	add("time.UnmarshalBinary version", func() error { var t time.Time; return t.UnmarshalBinary([]byte{9, 1}) })
	add("time.MarshalJSON year", func() error { _, err := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC).MarshalJSON(); return err })
	add("big.Int.UnmarshalText", func() error { return new(big.Int).UnmarshalText([]byte("x")) })
	add("big.Rat.UnmarshalText", func() error { return new(big.Rat).UnmarshalText([]byte("1/x")) })
	add("big.Int.GobDecode", func() error { return new(big.Int).GobDecode([]byte{9}) })
	add("big.Rat.SetString", func() error { return new(big.Float).UnmarshalText([]byte("1.5e")) })
	add("flate.NewWriter level", func() error { _, err := flate.NewWriter(io.Discard, 42); return err })
	add("gzip.NewWriterLevel", func() error { _, err := gzip.NewWriterLevel(io.Discard, 42); return err })
	add("zlib.NewWriterLevel", func() error { _, err := zlib.NewWriterLevel(io.Discard, 42); return err })
	add("io.ReadFull", func() error { _, err := io.ReadFull(strings.NewReader("ab"), make([]byte, 4)); return err })
	add("io.ReadAtLeast", func() error { _, err := io.ReadAtLeast(strings.NewReader("ab"), make([]byte, 1), 4); return err })
	add("io.Pipe closed", func() error { r, w := io.Pipe(); r.Close(); _, err := w.Write([]byte("x")); return err })
	add("bytes.Buffer.UnreadByte", func() error { return new(bytes.Buffer).UnreadByte() })
	add("bytes.Buffer.UnreadRune", func() error { return new(bytes.Buffer).UnreadRune() })
	add("strings.Reader.Seek", func() error { _, err := strings.NewReader("a").Seek(-1, io.SeekStart); return err })
	add("strings.Reader.Seek whence", func() error { _, err := strings.NewReader("a").Seek(0, 9); return err })
	add("bufio.Reader.UnreadRune", func() error { return bufio.NewReader(strings.NewReader("a")).UnreadRune() })
	add("bufio.Reader.UnreadByte", func() error { return bufio.NewReader(strings.NewReader("a")).UnreadByte() })
	add("os.MkdirTemp pattern", func() error { _, err := os.MkdirTemp("", "a/b"); return err })
	add("os.CreateTemp pattern", func() error { _, err := os.CreateTemp("", "a/b"); return err })
	add("exec.Command empty", func() error { return exec.Command("").Run() })
	add("exec.Cmd.Wait", func() error { return exec.Command("true").Wait() })
	add("binary.Write", func() error { return binary.Write(io.Discard, binary.LittleEndian, struct{ A int }{1}) })
	add("binary.Read type", func() error { var v int; return binary.Read(strings.NewReader("12345678"), binary.LittleEndian, &v) })
	add("gob.Encode chan", func() error { return gob.NewEncoder(io.Discard).Encode(make(chan int)) })
	add("gob.Encode nil", func() error { return gob.NewEncoder(io.Discard).Encode(nil) })
	add("json.Decoder.Token", func() error {
		d := json.NewDecoder(strings.NewReader(`{"a" 1}`))
		var err error
		for err == nil {
			_, err = d.Token()
		}
		return err
	})
	add("x509.ParseCertificateRequest", func() error { _, err := x509.ParseCertificateRequest([]byte("x")); return err })
	add("x509.ParseRevocationList", func() error { _, err := x509.ParseRevocationList([]byte("0\x00")); return err })
	add("x509.MarshalPKIXPublicKey", func() error { _, err := x509.MarshalPKIXPublicKey(42); return err })
	add("x509.MarshalPKCS8PrivateKey", func() error { _, err := x509.MarshalPKCS8PrivateKey(42); return err })
	add("x509.DecryptPEMBlock", func() error {
		_, err := x509.DecryptPEMBlock(&pem.Block{Type: "X"}, []byte("pw"))
		return err
	})
	add("tls.X509KeyPair key", func() error {
		cert := "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n"
		_, err := tls.X509KeyPair([]byte(cert), []byte("junk"))
		return err
	})
	add("cipher.NewGCM block size", func() error { b, _ := des.NewCipher(make([]byte, 8)); _, err := cipher.NewGCM(b); return err })
	add("cipher.GCM.Open", func() error {
		b, _ := aes.NewCipher(make([]byte, 16))
		g, _ := cipher.NewGCM(b)
		_, err := g.Open(nil, make([]byte, 12), make([]byte, 32), nil)
		return err
	})
	add("rsa.GenerateKey small", func() error { _, err := rsa.GenerateKey(rand.Reader, 8); return err })
	add("rsa.DecryptPKCS1v15", func() error {
		k, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			return err
		}
		if _, err := rsa.EncryptPKCS1v15(rand.Reader, &k.PublicKey, make([]byte, 200)); err != nil {
			logCase(err)
		}
		if err := rsa.VerifyPKCS1v15(&k.PublicKey, crypto.SHA256, make([]byte, 32), make([]byte, 128)); err != nil {
			logCase(err)
		}
		_, err = rsa.DecryptPKCS1v15(rand.Reader, k, make([]byte, 128))
		return err
	})
	add("tar.WriteHeader", func() error { return tar.NewWriter(io.Discard).WriteHeader(&tar.Header{Name: "a", Size: -1}) })
	add("zip.Writer.Create after close", func() error { w := zip.NewWriter(io.Discard); w.Close(); _, err := w.Create("a"); return err })
	add("csv.Writer comma", func() error { w := csv.NewWriter(io.Discard); w.Comma = '"'; return w.Write([]string{"a"}) })
	add("template.Lookup exec", func() error { return ttemplate.New("a").ExecuteTemplate(io.Discard, "missing", nil) })
	add("template.Execute incomplete", func() error { return ttemplate.New("a").Execute(io.Discard, nil) })
	add("html/template.Execute unsafe", func() error {
		t, err := template.New("h").Parse(`<a href="{{.}}`)
		if err != nil {
			return err
		}
		return t.Execute(io.Discard, "x")
	})
	add("bufio.Scanner too long", func() error {
		sc := bufio.NewScanner(bytes.NewReader(bytes.Repeat([]byte("a"), 1<<17)))
		sc.Buffer(make([]byte, 16), 1024)
		for sc.Scan() {
		}
		return sc.Err()
	})
	add("errors.Join-like wrap", func() error { return fmt.Errorf("load config: %w", errors.New("no such profile")) })
	return out
}

var (
	logged  bytes.Buffer
	logger  = log.New(&logged, "", log.LstdFlags)
	enc     = json.NewEncoder(os.Stdout)
	current string
	count   int
)

// logCase logs err as a program does, and tells label.py which values it is made of.
func logCase(err error) {
	logged.Reset()
	logger.Print(err)
	line := strings.TrimRight(logged.String(), "\n")
	var chain []string
	for e := err; e != nil && len(chain) < 16; e = errors.Unwrap(e) {
		chain = append(chain, fmt.Sprintf("%p", e))
	}
	fmt.Fprintf(os.Stderr, "ERRDONE %d %s\n", count, strings.Join(chain, " "))
	var types []string
	for e := err; e != nil && len(types) < 16; e = errors.Unwrap(e) {
		t := reflect.TypeOf(e)
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		types = append(types, t.PkgPath()+"."+t.Name())
	}
	fmt.Fprintf(os.Stderr, "ERRTYPES %d %s\n", count, strings.Join(types, " "))
	if err := enc.Encode(map[string]any{"n": count, "case": current, "line": line}); err != nil {
		log.Fatal(err)
	}
	count++
}

func main() {
	// Values made before this line are the packages' own (`io.EOF`), made at init.
	fmt.Fprintln(os.Stderr, "ERRMAIN")
	set := cases()
	switch os.Getenv("GO_ERRORS") {
	case "held-out":
		set = heldOut()
	case "held-out-2":
		set = heldOut2()
	}
	for _, c := range set {
		current = c.name
		if err := c.run(); err != nil {
			logCase(err)
		}
	}
}
