//! A tiny argument reader: positionals in order, `--name value` options, `--flag`s.

pub struct Args {
    items: Vec<String>,
}

impl Args {
    pub fn from_env() -> Args {
        Args {
            items: std::env::args().skip(1).collect(),
        }
    }

    /// The next argument that is not an option (or an option's value).
    pub fn next_positional(&mut self) -> Option<String> {
        let mut i = 0;
        while i < self.items.len() {
            if self.items[i].starts_with("--") {
                i += 2;
            } else {
                return Some(self.items.remove(i));
            }
        }
        None
    }

    /// The value of `--name VALUE`, removed from the list.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, String> {
        let flag = format!("--{name}");
        match self.items.iter().position(|a| *a == flag) {
            None => Ok(None),
            Some(i) if i + 1 < self.items.len() => {
                let v = self.items.remove(i + 1);
                self.items.remove(i);
                Ok(Some(v))
            }
            Some(_) => Err(format!("{flag} needs a value")),
        }
    }

    /// Whether `--name` is present (a flag without a value), removed from the list.
    pub fn flag(&mut self, name: &str) -> bool {
        let flag = format!("--{name}");
        match self.items.iter().position(|a| *a == flag) {
            Some(i) => {
                self.items.remove(i);
                true
            }
            None => false,
        }
    }

    /// Fails on anything left over.
    pub fn finish(&self) -> Result<(), String> {
        match self.items.first() {
            None => Ok(()),
            Some(a) => Err(format!("unexpected argument {a:?}")),
        }
    }
}
