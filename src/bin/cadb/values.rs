//! Clap value parsers for the library's named values (encodings, orderings,
//! bench passes). The library's own parser reads the text, aliases included,
//! and the library's table gives the possible values that help and errors
//! list, so a new encoding or ordering needs no edit here.

use std::ffi::OsStr;

use cadb::{ordinal::Ordering, text::TextEncoding};
use clap::{
    Arg, Command,
    builder::{PossibleValue, PossibleValuesParser, TypedValueParser},
    error::ErrorKind,
};

/// A value named in a table: `parse` reads it, `values` lists the names.
#[derive(Clone)]
pub struct Named<T> {
    values: fn() -> Vec<PossibleValue>,
    parse: fn(&str) -> Option<T>,
}

impl<T> Named<T> {
    pub fn new(values: fn() -> Vec<PossibleValue>, parse: fn(&str) -> Option<T>) -> Named<T> {
        Named { values, parse }
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        if let Some(v) = value.to_str().and_then(self.parse) {
            return Ok(v);
        }
        // Clap's own "invalid value" (or "invalid UTF-8") error, listing the names.
        let err = PossibleValuesParser::new((self.values)())
            .parse_ref(cmd, arg, value)
            .err();
        // A name the library's parser refuses: the table and the parser disagree.
        Err(err.unwrap_or_else(|| {
            clap::Error::raw(
                ErrorKind::InvalidValue,
                format!("{value:?} is listed but not accepted\n"),
            )
            .with_cmd(cmd)
        }))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.values)().into_iter()))
    }
}

/// `--encoding NAME`: `TextEncoding::ALL` by name, and every alias its `FromStr` takes.
pub fn encoding() -> Named<TextEncoding> {
    Named::new(
        || {
            TextEncoding::ALL
                .iter()
                .map(|e| PossibleValue::new(e.name()))
                .collect()
        },
        |s| s.parse().ok(),
    )
}

/// `--ordering NAME`: `Ordering::ALL` by name.
pub fn ordering() -> Named<Ordering> {
    Named::new(
        || {
            Ordering::ALL
                .iter()
                .map(|o| PossibleValue::new(o.name()))
                .collect()
        },
        |s| s.parse().ok(),
    )
}
