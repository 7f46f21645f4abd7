//! Each technique's own statistics: the [`TechniqueStats`] trait that a
//! technique's counter type implements, and [`TechniqueCounters`], the
//! typed store of them that [`crate::Stats`] carries (one entry per type,
//! in the order the techniques first counted something).
//!
//! The engine core knows none of the types: a technique counts into its own
//! type (`eng.stats.techniques.get_mut::<CompactStats>()`), and the report
//! prints every entry through the trait (its JSON under [`TechniqueStats::key`]
//! in `stats`, its line in the human report). A new technique adds its type
//! in its own module; neither [`crate::Stats`] nor the report changes.

use crate::Stats;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::any::Any;
use std::fmt::Debug;

/// A technique's counters (see the module documentation). Implement it for
/// a `Clone + Debug + Default` type; cloning and downcasting come for free.
pub trait TechniqueStats: StatsAny + Debug + Send + Sync {
    /// The key of this technique's object in the JSON report's `stats`.
    fn key(&self) -> &'static str;

    /// The JSON object for the report; `Null` leaves it out. `run` is the
    /// whole run's statistics, for counters the core keeps (e.g. failed
    /// leaves).
    fn json(&self, run: &Stats) -> serde_json::Value;

    /// The line for the human report, without a newline; `None` prints
    /// nothing.
    fn text(&self, run: &Stats) -> Option<String>;
}

/// Cloning and downcasting of a boxed [`TechniqueStats`] (implemented for
/// every `Clone` type that implements it).
pub trait StatsAny {
    /// A boxed copy.
    fn clone_stats(&self) -> Box<dyn TechniqueStats>;
    /// `self` as `Any`.
    fn as_any(&self) -> &dyn Any;
    /// `self` as mutable `Any`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: TechniqueStats + Clone + 'static> StatsAny for T {
    fn clone_stats(&self) -> Box<dyn TechniqueStats> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The statistics of the techniques of one run, one entry per type, in
/// the order they were first counted.
#[derive(Debug, Default)]
pub struct TechniqueCounters {
    items: Vec<Box<dyn TechniqueStats>>,
}

impl Clone for TechniqueCounters {
    fn clone(&self) -> Self {
        TechniqueCounters {
            items: self.items.iter().map(|s| s.clone_stats()).collect(),
        }
    }
}

impl TechniqueCounters {
    /// The counters of type `T`, if that technique counted anything (or
    /// registered them) in this run.
    pub fn get<T: TechniqueStats + 'static>(&self) -> Option<&T> {
        self.items
            .iter()
            .find_map(|s| (**s).as_any().downcast_ref())
    }

    /// The counters of type `T`, registered with their default first if
    /// absent.
    pub fn get_mut<T: TechniqueStats + Default + 'static>(&mut self) -> &mut T {
        let i = match self.items.iter().position(|s| (**s).as_any().is::<T>()) {
            Some(i) => i,
            None => {
                self.items.push(Box::new(T::default()));
                self.items.len() - 1
            }
        };
        (*self.items[i])
            .as_any_mut()
            .downcast_mut()
            .expect("entries are keyed by their type")
    }

    /// Every entry, in the order first counted.
    pub fn iter(&self) -> impl Iterator<Item = &dyn TechniqueStats> {
        self.items.iter().map(|s| &**s)
    }
}

impl Serialize for TechniqueCounters {
    /// As a map from [`TechniqueStats::key`] to the JSON object, with the
    /// core counters taken as zero (the report calls
    /// [`TechniqueStats::json`] with the run's own statistics instead).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let zero = Stats::default();
        let mut m = s.serialize_map(Some(self.items.len()))?;
        for t in &self.items {
            m.serialize_entry(t.key(), &t.json(&zero))?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Hits(u64);
    impl TechniqueStats for Hits {
        fn key(&self) -> &'static str {
            "hits"
        }
        fn json(&self, run: &Stats) -> serde_json::Value {
            serde_json::json!({ "hits": self.0, "paths": run.paths })
        }
        fn text(&self, _run: &Stats) -> Option<String> {
            (self.0 > 0).then(|| format!("hits: {}", self.0))
        }
    }

    #[derive(Clone, Debug, Default)]
    struct Misses(u64);
    impl TechniqueStats for Misses {
        fn key(&self) -> &'static str {
            "misses"
        }
        fn json(&self, _run: &Stats) -> serde_json::Value {
            serde_json::json!(self.0)
        }
        fn text(&self, _run: &Stats) -> Option<String> {
            None
        }
    }

    #[test]
    fn counters_keep_one_entry_per_type_in_first_counted_order() {
        let mut c = TechniqueCounters::default();
        assert!(c.get::<Hits>().is_none());
        c.get_mut::<Misses>().0 += 1;
        c.get_mut::<Hits>().0 += 2;
        c.get_mut::<Hits>().0 += 3;
        let copy = c.clone();
        c.get_mut::<Hits>().0 += 1;
        assert_eq!(copy.get::<Hits>(), Some(&Hits(5)));
        assert_eq!(c.get::<Hits>(), Some(&Hits(6)));
        let keys: Vec<_> = c.iter().map(|t| t.key()).collect();
        assert_eq!(keys, ["misses", "hits"]);
        let run = Stats {
            paths: 4,
            ..Stats::default()
        };
        assert_eq!(
            c.get::<Hits>().unwrap().json(&run),
            serde_json::json!({"hits": 6, "paths": 4})
        );
        assert_eq!(
            serde_json::to_value(&c).unwrap(),
            serde_json::json!({"misses": 1, "hits": {"hits": 6, "paths": 0}})
        );
    }
}
