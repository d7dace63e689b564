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

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// A word: the alignment every mimalloc block has.
const WORD: usize = std::mem::size_of::<usize>();

pub struct Allocator;

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
