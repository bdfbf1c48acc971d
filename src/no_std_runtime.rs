//! What a `no_std` cdylib must bring itself: a panic handler and an allocator.
//!
//! Only compiled without the `std` feature. A `no_std` program that links the
//! rlib and has its own handler should use the `std`-free rlib through a
//! wrapper crate; the cdylib build (the WebAssembly size check) needs these.

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    loop {}
}

#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;
