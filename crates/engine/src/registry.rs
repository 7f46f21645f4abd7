//! The technique registry: each loop technique's [`Registration`] (its
//! name, description, option flags, the parser of those flags into its own
//! options type, and the function that installs it into an engine), the
//! table of them ([`crate::REGISTRY`], filled by the one `techniques!` line
//! in `lib.rs`), and [`TechniqueOptions`], the store keyed by type in
//! which [`crate::Config`] holds each turned-on technique's options.
//!
//! Adding a technique is its module plus its name in that one line: the
//! module defines `pub const REGISTRATION: Registration`; the engine
//! installs it when its options are in the store, and the command line
//! (`--technique NAME[:FLAG=VALUE,...]`) learns its name and flags from the
//! registration. The table's order is the order the hooks run in.

use crate::technique::Technique;
use crate::Config;
use kappa_ir::Module;
use std::any::{Any, TypeId};
use std::fmt::Debug;

/// The kind of value an option flag takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagKind {
    /// A non-negative integer.
    Count,
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// One option flag of a technique (`NAME=VALUE` after its name on the
/// command line).
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The flag's name (`max-cycles`).
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The value when the flag is not given, as written on the command line.
    pub default: &'static str,
    /// The values it takes.
    pub kind: FlagKind,
}

/// Parses a technique's flag values (each flag of [`Registration::flags`]
/// at most once, values checked against the flag's kind) into its options.
pub type Parse = fn(&FlagValues) -> Result<Box<dyn OptionData>, String>;

/// Installs a technique into an engine over a module, if `Config` holds
/// its options: `None` leaves it out of the run.
pub(crate) type Install = for<'m> fn(&Config, &'m Module) -> Option<Box<dyn Technique<'m> + 'm>>;

/// Flag values as given: (flag name, value) pairs.
pub type FlagPairs = Vec<(String, String)>;

/// A technique as the engine and the command line know it.
#[derive(Clone, Copy)]
pub struct Registration {
    /// Its name on the command line (`compact`, `state-matching`).
    pub name: &'static str,
    /// One line saying what it does.
    pub about: &'static str,
    /// Its option flags.
    pub flags: &'static [Flag],
    /// From flag values to its options; `None` when it cannot be turned on
    /// by name (its options are computed, e.g. pruning's condition).
    pub parse: Option<Parse>,
    /// Puts it into an engine (crate-internal: the trait is the engine's).
    pub(crate) install: Install,
}

impl Debug for Registration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registration")
            .field("name", &self.name)
            .field("about", &self.about)
            .field("flags", &self.flags)
            .field("parse", &self.parse.is_some())
            .finish()
    }
}

/// A technique's checked flag values: every flag of its registration, the
/// given value or the default.
#[derive(Clone, Debug)]
pub struct FlagValues {
    values: Vec<(&'static Flag, String)>,
}

impl FlagValues {
    /// The value of flag `name` (given or default). Panics on a name that is
    /// not one of the registration's flags (a bug in the technique).
    pub fn get(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(f, _)| f.name == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("`{name}` is no flag of this technique"))
    }

    /// The value of a [`FlagKind::Count`] flag.
    pub fn count(&self, name: &str) -> usize {
        self.get(name)
            .parse()
            .unwrap_or_else(|_| panic!("`{name}` was checked to be a count"))
    }
}

/// The registration named `name`, or an error listing the names of those
/// that can be turned on by name.
pub fn find(name: &str) -> Result<&'static Registration, String> {
    crate::REGISTRY
        .iter()
        .find(|r| r.name == name)
        .ok_or_else(|| {
            let names: Vec<_> = crate::REGISTRY
                .iter()
                .filter(|r| r.parse.is_some())
                .map(|r| r.name)
                .collect();
            format!("unknown technique `{name}` (known: {})", names.join(", "))
        })
}

/// Checks `values` (flag name, value) against `reg`'s flags: each known,
/// at most once, of its kind; the others take their defaults.
pub fn check(
    reg: &'static Registration,
    values: &[(String, String)],
) -> Result<FlagValues, String> {
    let mut out: Vec<(&'static Flag, Option<String>)> =
        reg.flags.iter().map(|f| (f, None)).collect();
    for (k, v) in values {
        let Some(slot) = out.iter_mut().find(|(f, _)| f.name == k) else {
            let names: Vec<_> = reg.flags.iter().map(|f| f.name).collect();
            return Err(format!(
                "technique `{}` has no flag `{k}` (its flags: {})",
                reg.name,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        };
        if slot.1.is_some() {
            return Err(format!("technique `{}`: flag `{k}` given twice", reg.name));
        }
        let ok = match slot.0.kind {
            FlagKind::Count => v.parse::<usize>().is_ok(),
            FlagKind::Choice(words) => words.contains(&v.as_str()),
        };
        if !ok {
            let want = match slot.0.kind {
                FlagKind::Count => "a non-negative integer".to_string(),
                FlagKind::Choice(words) => format!("one of {}", words.join(", ")),
            };
            return Err(format!(
                "technique `{}`: flag `{k}` takes {want}, not `{v}`",
                reg.name
            ));
        }
        slot.1 = Some(v.clone());
    }
    Ok(FlagValues {
        values: out
            .into_iter()
            .map(|(f, v)| (f, v.unwrap_or_else(|| f.default.to_string())))
            .collect(),
    })
}

/// Parses a command-line technique spec, `NAME` or
/// `NAME:FLAG=VALUE[,FLAG=VALUE...]`, into the name and its flag values
/// (checked against the registration).
pub fn parse_spec(spec: &str) -> Result<(&'static Registration, FlagPairs), String> {
    let (name, rest) = match spec.split_once(':') {
        Some((n, r)) => (n, Some(r)),
        None => (spec, None),
    };
    let reg = find(name)?;
    if reg.parse.is_none() {
        return Err(format!(
            "technique `{name}` cannot be turned on by name ({})",
            reg.about
        ));
    }
    let mut values = vec![];
    for item in rest.into_iter().flat_map(|r| r.split(',')) {
        let Some((k, v)) = item.split_once('=') else {
            return Err(format!("technique `{name}`: `{item}` is not FLAG=VALUE"));
        };
        values.push((k.to_string(), v.to_string()));
    }
    check(reg, &values)?;
    Ok((reg, values))
}

/// Turns on technique `name` in `cfg` with these flag values (its options
/// go into [`Config::techniques`], replacing earlier ones).
pub fn enable(cfg: &mut Config, name: &str, values: &[(String, String)]) -> Result<(), String> {
    let reg = find(name)?;
    let parse = reg
        .parse
        .ok_or_else(|| format!("technique `{name}` cannot be turned on by name"))?;
    let opts = parse(&check(reg, values)?)?;
    cfg.techniques.insert(opts);
    Ok(())
}

/// The registered techniques with their flags, one per line, for the
/// command line's help.
pub fn describe() -> String {
    let mut s = String::new();
    for r in crate::REGISTRY.iter().filter(|r| r.parse.is_some()) {
        s.push_str(&format!("{}: {}", r.name, r.about));
        for f in r.flags {
            let vals = match f.kind {
                FlagKind::Count => "N".to_string(),
                FlagKind::Choice(w) => w.join("|"),
            };
            s.push_str(&format!(
                "; {}={vals} ({}, default {})",
                f.name, f.help, f.default
            ));
        }
        s.push('\n');
    }
    s
}

/// A technique's options as [`TechniqueOptions`] stores them. Implement it
/// with an empty `impl` for a `Clone + Debug` type.
pub trait OptionData: OptionAny + Debug {}

/// Cloning and downcasting of a boxed [`OptionData`] (implemented for
/// every `Clone` type).
pub trait OptionAny {
    /// A boxed copy.
    fn clone_option(&self) -> Box<dyn OptionData>;
    /// `self` as `Any`.
    fn as_any(&self) -> &dyn Any;
    /// The type of `self`.
    fn type_of(&self) -> TypeId;
}

impl<T: OptionData + Clone + 'static> OptionAny for T {
    fn clone_option(&self) -> Box<dyn OptionData> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn type_of(&self) -> TypeId {
        TypeId::of::<T>()
    }
}

/// The options of the turned-on techniques, one per type: a technique is
/// installed when its options are here. Empty by default (classic
/// execution).
#[derive(Debug, Default)]
pub struct TechniqueOptions {
    items: Vec<Box<dyn OptionData>>,
}

impl Clone for TechniqueOptions {
    fn clone(&self) -> Self {
        TechniqueOptions {
            items: self.items.iter().map(|o| o.clone_option()).collect(),
        }
    }
}

impl TechniqueOptions {
    /// The options of type `T`, if set.
    pub fn get<T: OptionData + 'static>(&self) -> Option<&T> {
        self.items
            .iter()
            .find_map(|o| (**o).as_any().downcast_ref())
    }

    /// Sets the options of type `T` (turning its technique on).
    pub fn set<T: OptionData + Clone + 'static>(&mut self, v: T) {
        self.insert(Box::new(v));
    }

    /// Sets boxed options, replacing any of the same type.
    pub fn insert(&mut self, v: Box<dyn OptionData>) {
        let id = (*v).type_of();
        self.items.retain(|o| (**o).type_of() != id);
        self.items.push(v);
    }

    /// Removes the options of type `T` (turning its technique off).
    pub fn remove<T: OptionData + 'static>(&mut self) {
        self.items.retain(|o| (**o).type_of() != TypeId::of::<T>());
    }
}

/// The techniques whose options `cfg` holds, in registry (hook) order.
pub(crate) fn install<'m>(cfg: &Config, m: &'m Module) -> Vec<Option<Box<dyn Technique<'m> + 'm>>> {
    crate::REGISTRY
        .iter()
        .filter_map(|r| (r.install)(cfg, m))
        .map(Some)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_checked_against_the_registration() {
        let (r, v) = parse_spec("compact:max-cycles=8").unwrap();
        assert_eq!(r.name, "compact");
        assert_eq!(v, [("max-cycles".to_string(), "8".to_string())]);
        let err = |s: &str| parse_spec(s).unwrap_err();
        assert!(err("nope").starts_with("unknown technique `nope` (known: "));
        assert!(err("compact:max-cycles=x").contains("takes a non-negative integer"));
        assert!(err("compact:strategy=first").contains("has no flag `strategy`"));
        assert!(err("navigate:nav-solve=both").contains("one of interval, exact"));
        assert!(err("compact:max-cycles=1,max-cycles=2").contains("given twice"));
        assert!(err("compact:max-cycles").contains("is not FLAG=VALUE"));
        assert!(err("prune").contains("cannot be turned on by name"));
    }

    #[test]
    fn enabling_stores_the_parsed_options() {
        let mut cfg = Config::default();
        assert_eq!(
            format!("{:?}", cfg.techniques),
            "TechniqueOptions { items: [] }"
        );
        enable(&mut cfg, "compact", &[("max-cycles".into(), "7".into())]).unwrap();
        assert!(format!("{:?}", cfg.techniques).contains("max_cycles: 7"));
        enable(&mut cfg, "compact", &[]).unwrap();
        let shown = format!("{:?}", cfg.techniques);
        assert!(shown.contains("max_cycles: 64") && !shown.contains("max_cycles: 7"));
        assert!(enable(&mut cfg, "compact", &[("x".into(), "1".into())]).is_err());
    }
}
