//! Opening names for the JS API: the page hands the table
//! (`openings.bin`, written by `cadb opening --table`) to `loadOpenings`
//! once per Worker, and from then on game views, rows and tree rows carry
//! names. The table is not in the wasm module, which has a size budget.

use alloc::rc::Rc;
use core::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::openings::Openings;

std::thread_local! {
    /// The table loaded last (a Worker has one thread).
    static OPENINGS: RefCell<Option<Rc<Openings>>> = const { RefCell::new(None) };
}

/// Reads an openings table (the package's `openings.bin`) and names
/// openings from then on, in every `Database` of this module instance:
/// `GameView.opening`, `MoveNode.opening`, `TreeMove.opening` and the rows'
/// `opening` column. Returns the number of named positions. A table that
/// does not read throws (code `"invalid"`) and leaves the last one in place.
///
/// ```js
/// const bytes = new Uint8Array(await (await fetch(openingsUrl)).arrayBuffer());
/// loadOpenings(bytes); // 3,800 or so
/// ```
#[wasm_bindgen(js_name = loadOpenings)]
pub fn load_openings(bytes: &[u8]) -> Result<u32, JsValue> {
    let openings = Openings::from_table(bytes).map_err(to_js)?;
    let n = openings.len() as u32;
    OPENINGS.with(|o| *o.borrow_mut() = Some(Rc::new(openings)));
    Ok(n)
}

/// The table loaded, if any (cheap: a reference count).
pub(crate) fn loaded() -> Option<Rc<Openings>> {
    OPENINGS.with(|o| o.borrow().clone())
}
