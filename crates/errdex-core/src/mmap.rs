//! The one place errdex maps files into memory and asks the CPU to load memory ahead of a
//! read, and so the one module allowed `unsafe`.
//!
//! A map is read-only. errdex replaces its own index files by renaming a new one over them,
//! never by writing into one; a file truncated by someone else while errdex runs is outside
//! what any reader of a mapped file can guard against.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;

pub use memmap2::Mmap;

/// Maps `file` read-only.
pub fn map(file: &File) -> io::Result<Mmap> {
    // SAFETY: read-only map of a file; see the module comment for what truncation means.
    unsafe { Mmap::map(file) }
}

/// Lets the kernel drop the pages of `map[start..end]` from this process's memory; they are
/// read back from the page cache if touched again. Keeps peak RSS far below the file size
/// while loading.
pub fn release(map: &Mmap, start: usize, end: usize) {
    if end > start {
        // SAFETY: the map is read-only and file-backed, so MADV_DONTNEED only drops page
        // table entries; the next read faults the same bytes back in from the file.
        let _ = unsafe {
            map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
        };
    }
}

/// Asks the CPU to start loading the first bytes of `bytes` into its cache, so that a loop
/// reading records in turn finds a later one there instead of waiting on memory for it. Only
/// a hint: nothing is loaded where the page is not mapped in yet.
#[inline]
pub fn prefetch(bytes: &[u8]) {
    if let Some(first) = bytes.first() {
        prefetch_value(first);
    }
}

/// `prefetch` of the memory one value lies in.
#[inline]
pub fn prefetch_value<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing into the program and writes nothing; at an address
    // that is not mapped it does nothing, so any address is sound.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(value).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
