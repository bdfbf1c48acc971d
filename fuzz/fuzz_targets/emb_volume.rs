#![no_main]
//! The EMB volume: header, directory, every inner file and the name tables.
use cadb::ca::{ListKind, NameTable, emb::Volume};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(vol) = Volume::open(data) else { return };
    for e in &vol.entries {
        let _ = cadb::ca::emb::read_inner(data, e.length, e.offset);
    }
    let mut warnings = Vec::new();
    let mut claims = vol.claims();
    for kind in ListKind::ALL {
        let mut t = NameTable::read(&vol, data, kind, &mut claims, &mut warnings);
        if t.needs_use() {
            // As opening does when no game uses a record.
            t.keep_in_bulk(&cadb::bits::Bits::default());
        }
        for id in 0..t.len().min(64) {
            let _ = t.name(id, cadb::text::TextEncoding::Cp1251.into());
            let _ = t.player_data(id);
        }
        // Records may overlap, but those decoded in bulk fit the bound
        // (cadb::limits: twice the .d01 plus a constant).
        let names: u64 = (0..t.record_count())
            .filter(|&r| t.in_bulk(r))
            .filter_map(|r| t.record(r))
            .map(|e| kind.name_record_len(e.name, e.title) as u64)
            .sum();
        let bound =
            cadb::limits::NAME_BULK_MULTIPLE * data.len() as u64 + cadb::limits::NAME_BULK_CONSTANT;
        assert!(names <= bound);
        let _ = t.sort_order().count();
    }
});
