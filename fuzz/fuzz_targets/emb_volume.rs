#![no_main]
//! The EMB volume: header, directory, every inner file and the name tables.
use cadb::ca::{
    ListKind,
    emb::{NameTable, Volume},
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(vol) = Volume::open(data) else { return };
    for e in &vol.entries {
        let _ = cadb::ca::emb::read_inner(data, e.length, e.offset);
    }
    let mut warnings = Vec::new();
    let mut claims = vol.claims();
    for kind in ListKind::ALL {
        let t = NameTable::read(&vol, data, kind, &mut claims, &mut warnings);
        for id in 0..t.len().min(64) {
            let _ = t.name(id, cadb::text::TextEncoding::Cp1251.into());
            let _ = t.player_data(id);
        }
        // Names decode once per record, so a table's names fit its .d01.
        let names: usize = (0..t.record_count())
            .filter_map(|r| t.record(r))
            .map(|e| e.name.len() + e.title.len())
            .sum();
        assert!(names <= data.len());
        let _ = t.sort_order().count();
    }
});
