//! The allocator of the native binaries (`kueue-lab`, the benchmarks): mimalloc.
//!
//! The `mimalloc` crate asks for every block through `mi_malloc_aligned`, whatever its alignment.
//! Almost every block the engine asks for (JSON nodes, strings, B-tree nodes) needs no more than
//! a word's alignment, which every mimalloc block has: its blocks are whole words, in word-aligned
//! pages. Those go through plain `mi_malloc` / `mi_zalloc` / `mi_realloc`; the rest through the
//! `mimalloc` crate. This took ≈ 1% off the 1,000-Job bench's instructions (`bench-instr`) and
//! 8 MiB off the 10,000-Job bench's peak RSS (the aligned entry point's slower path also
//! over-allocates); a wall-time gain was within the machine's noise.
//!
//! Not for wasm: the browser build keeps Rust's default allocator.
//!
//! A binary using it calls [`disable_transparent_huge_pages`] first thing in `main`: mimalloc
//! asks Linux for transparent huge pages, and the kernel then zeroes 2 MiB at each first touch
//! of its memory. At 10,000 Jobs that zeroing was a quarter of the run (`perf`: 1.2 s of system
//! time against 0.2 without), and how much of it happened varied from run to run (one binary
//! took 3.6–4.6 s in one day).

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// A word: the alignment every mimalloc block has.
const WORD: usize = std::mem::size_of::<usize>();

pub struct Allocator;

/// Turns transparent huge pages off for this process (Linux; elsewhere it does nothing). The
/// kernel checks the flag at every page fault, so memory mapped before the call is covered too.
/// A child process would inherit the flag (`kueue-lab` starts none). Whether it took is not the
/// caller's concern: without it the process only runs slower.
pub fn disable_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// Whether a plain mimalloc block of `size` bytes is aligned enough for `layout`.
fn plain(layout: &Layout, size: usize) -> bool {
    layout.align() <= WORD && layout.align() <= size
}

// SAFETY: a plain block is used only where its word alignment satisfies the layout (`plain`);
// every other layout goes to the `mimalloc` crate's aligned entry points. All blocks come from
// one mimalloc heap, so `mi_free` and `mi_realloc` accept blocks from either way in.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(&layout, layout.size()) {
            unsafe { libmimalloc_sys::mi_malloc(layout.size()) as *mut u8 }
        } else {
            unsafe { mimalloc::MiMalloc.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(&layout, layout.size()) {
            unsafe { libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8 }
        } else {
            unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(&layout, new_size) {
            unsafe { libmimalloc_sys::mi_realloc(ptr as *mut c_void, new_size) as *mut u8 }
        } else {
            unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flag is set for the process, as the kernel reports it back.
    #[cfg(target_os = "linux")]
    #[test]
    fn transparent_huge_pages_are_off_after_the_call() {
        disable_transparent_huge_pages();
        // SAFETY: PR_GET_THP_DISABLE reads the flag and touches no memory of ours.
        assert_eq!(unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) }, 1);
    }

    /// Blocks of every small size and alignment come back aligned, keep what was written when
    /// grown, and come back zeroed when asked.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let a = Allocator;
        for size in 1..=256usize {
            for align in [1, 2, 4, 8, 16, 32] {
                let layout = Layout::from_size_align(size, align).unwrap();
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null() && p as usize % align == 0, "alloc {size}/{align}");
                    std::ptr::write_bytes(p, 0xab, size);
                    let q = a.realloc(p, layout, size * 3);
                    assert!(!q.is_null() && q as usize % align == 0, "realloc {size}/{align}");
                    assert!(std::slice::from_raw_parts(q, size).iter().all(|&b| b == 0xab));
                    a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert!(z as usize % align == 0 && std::slice::from_raw_parts(z, size).iter().all(|&b| b == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
