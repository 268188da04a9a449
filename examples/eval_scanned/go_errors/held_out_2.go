package main

// A second held-out set, written after the first was used to change the scan: run with
// GO_ERRORS=held-out-2 in the environment of run.sh.

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"debug/elf"
	"debug/macho"
	"encoding/binary"
	"encoding/csv"
	"encoding/xml"
	"flag"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"math/big"
	"mime"
	"net"
	"net/http"
	"net/mail"
	"net/rpc"
	"net/url"
	"regexp"
	"strings"
	ttemplate "text/template"
	"time"
)

func heldOut2() []entry {
	var out []entry
	add := func(name string, run func() error) { out = append(out, entry{name, run}) }
	add("xml closed by", func() error { var v any; return xml.Unmarshal([]byte("<a></b>"), &v) })
	add("xml expected element", func() error {
		var v struct {
			XMLName xml.Name `xml:"a"`
		}
		return xml.Unmarshal([]byte("<b></b>"), &v)
	})
	add("csv quoted field", func() error { _, err := csv.NewReader(strings.NewReader("\"a\"b\n")).Read(); return err })
	add("binary.Read invalid type", func() error { var s string; return binary.Read(bytes.NewReader(nil), binary.LittleEndian, &s) })
	add("rsa message too long", func() error {
		key, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			return err
		}
		_, err = rsa.EncryptPKCS1v15(rand.Reader, &key.PublicKey, make([]byte, 200))
		return err
	})
	add("rsa verification", func() error {
		key, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			return err
		}
		return rsa.VerifyPKCS1v15(&key.PublicKey, 0, []byte("digest"), []byte("signature"))
	})
	add("http no Host", func() error { _, err := http.Get("http:///x"); return err })
	add("url missing bracket", func() error { _, err := url.Parse("http://[::1"); return err })
	add("url missing scheme", func() error { _, err := url.Parse(":foo"); return err })
	add("http.NewRequest scheme", func() error { _, err := http.NewRequest("GET", ":", nil); return err })
	add("net.Listen bad address", func() error { _, err := net.Listen("tcp", "bad"); return err })
	add("net.Listen unknown network", func() error { _, err := net.Listen("nope", ":0"); return err })
	add("regexp perl syntax", func() error { _, err := regexp.Compile("(?<"); return err })
	add("regexp repeat count", func() error { _, err := regexp.Compile("x{1001}"); return err })
	add("template unexpected", func() error { _, err := ttemplate.New("t").Parse("{{.A }"); return err })
	add("template index", func() error {
		t := ttemplate.Must(ttemplate.New("t").Parse("{{index . 5}}"))
		return t.Execute(io.Discard, []int{1})
	})
	add("duration unknown unit", func() error { _, err := time.ParseDuration("1x"); return err })
	add("duration missing unit", func() error { _, err := time.ParseDuration("1"); return err })
	add("time UnmarshalText", func() error { var t time.Time; return t.UnmarshalText([]byte("x")) })
	add("big exponent", func() error { _, _, err := big.ParseFloat("1e", 10, 53, big.ToNearestEven); return err })
	add("mime extension dot", func() error { return mime.AddExtensionType("ext", "text/x") })
	add("mime media parameter", func() error { _, _, err := mime.ParseMediaType("text/html; charset"); return err })
	add("mail unclosed angle", func() error { _, err := mail.ParseAddress("a <b"); return err })
	add("go/build missing package", func() error { _, err := build.Import("nosuch/pkg/here", "", 0); return err })
	add("go/types undeclared", func() error {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", "package p\nvar x = y\n", 0)
		if err != nil {
			return err
		}
		_, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil)
		return err
	})
	add("elf bad magic", func() error { _, err := elf.NewFile(strings.NewReader(strings.Repeat("x", 64))); return err })
	add("macho bad magic", func() error { _, err := macho.NewFile(strings.NewReader(strings.Repeat("x", 64))); return err })
	add("io.SectionReader.Seek", func() error {
		_, err := io.NewSectionReader(strings.NewReader("a"), 0, 1).Seek(-1, io.SeekStart)
		return err
	})
	add("flag not defined", func() error {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		return fs.Parse([]string{"-nosuch"})
	})
	add("flag invalid value", func() error {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("n", 0, "")
		return fs.Parse([]string{"-n", "x"})
	})
	add("rpc no service name", func() error { return rpc.Register(3) })
	return out
}
