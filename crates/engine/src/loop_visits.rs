//! The loop-visit counter: the smallest technique, and the example of how
//! one plugs in (docs/architecture.md, "Adding a technique"). It counts the
//! steps that states take at loop headers and changes nothing else: every
//! state passes on to the next technique and the classic step.
//!
//! All of it is here: its options ([`LoopVisitsOptions`]), its statistics
//! ([`LoopVisitsStats`], under `loop_visits` in the JSON report), its hooks
//! and its [`REGISTRATION`]; the engine installs it and the command line
//! offers it (`--technique loop-visits`) from its name in the
//! `techniques!` line of `lib.rs`.

use crate::registry::{Flag, FlagKind, OptionData, Registration};
use crate::state::State;
use crate::technique::Technique;
use crate::Engine;
use kappa_ir::Module;

/// Its options: the functions counted (a flag, as an example of one).
#[derive(Clone, Copy, Debug, Default)]
pub struct LoopVisitsOptions {
    /// Functions with a smaller index are not counted (`from-function`).
    pub from_function: usize,
}

impl OptionData for LoopVisitsOptions {}

/// Its registration: name, description, one flag, parser, installer.
pub const REGISTRATION: Registration = Registration {
    name: "loop-visits",
    about: "count the steps of states at loop headers (an example technique)",
    flags: &[Flag {
        name: "from-function",
        help: "count in functions of this index or greater",
        default: "0",
        kind: FlagKind::Count,
    }],
    parse: Some(|v| {
        Ok(Box::new(LoopVisitsOptions {
            from_function: v.count("from-function"),
        }))
    }),
    install: install_loop_visits,
};

fn install_loop_visits<'m>(
    cfg: &crate::Config,
    m: &'m Module,
) -> Option<Box<dyn Technique<'m> + 'm>> {
    let opts = *cfg.techniques.get::<LoopVisitsOptions>()?;
    let headers = m
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut h = vec![false; f.locs.len()];
            if i >= opts.from_function && f.defined && !f.locs.is_empty() {
                for l in kappa_loops::loop_headers(f) {
                    h[l.index()] = true;
                }
            }
            h
        })
        .collect();
    Some(Box::new(LoopVisits { headers }))
}

/// Its counters.
#[derive(Clone, Debug, Default)]
pub struct LoopVisitsStats {
    /// Steps taken at loop headers.
    pub visits: u64,
}

impl crate::technique_stats::TechniqueStats for LoopVisitsStats {
    fn key(&self) -> &'static str {
        "loop_visits"
    }
    fn json(&self, _run: &crate::Stats) -> serde_json::Value {
        serde_json::json!({ "visits": self.visits })
    }
    fn text(&self, _run: &crate::Stats) -> Option<String> {
        Some(format!("loop visits: {} steps at loop headers", self.visits))
    }
}

/// The technique: which locations are loop headers, per function.
struct LoopVisits {
    headers: Vec<Vec<bool>>,
}

impl<'m> Technique<'m> for LoopVisits {
    fn name(&self) -> &'static str {
        "loop visits"
    }

    fn register_stats(&self, stats: &mut crate::technique_stats::TechniqueCounters) {
        stats.get_mut::<LoopVisitsStats>();
    }

    /// Counts a state at a loop header; never wants it (nothing to do in
    /// `at_location`).
    fn wants(&mut self, eng: &mut Engine<'m>, st: &mut State) -> bool {
        let at_header = self
            .headers
            .get(st.func().index())
            .and_then(|h| h.get(st.loc.index()))
            .copied()
            .unwrap_or(false);
        if at_header {
            eng.stats.techniques.get_mut::<LoopVisitsStats>().visits += 1;
        }
        false
    }
}
