//! A global allocator that counts the heap in use per thread (tests run in
//! parallel threads), so a case's peak is its own. Const-initialised
//! thread locals never allocate.
//!
//! Include with `#[path = "support/counting_alloc.rs"] mod counting_alloc;`.

use std::{
    alloc::{GlobalAlloc, Layout, System},
    cell::Cell,
};

struct Counting;
thread_local! {
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let _ = CURRENT.try_with(|c| {
            let now = c.get().wrapping_add(l.size() as isize);
            c.set(now);
            let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
        });
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        let _ = CURRENT.try_with(|c| c.set(c.get().wrapping_sub(l.size() as isize)));
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f` and returns its result and the peak heap it added on this thread.
pub fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = CURRENT.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = (PEAK.with(Cell::get) - base).max(0) as usize;
    (out, peak)
}
