//! Program start and end around `main`: constructors, `atexit`/`on_exit`/
//! `__cxa_atexit` handlers and destructors, as glibc runs them.
//!
//! - Before `main`, the module's constructors ([`kappa_ir::Module::ctors`])
//!   run in order. They are stacked as ordinary frames above `main`'s at
//!   the start: each returns to the entry of the next one, the last to
//!   `main`'s entry (so compact execution, navigation and state matching see
//!   ordinary calls). A constructor with parameters is unsupported.
//! - The handlers registered so far are per-state data ([`Lifecycle`]): a
//!   stack whose bottom entry stands for the destructors, as glibc registers
//!   `_dl_fini` (which runs `.fini_array`) before the constructors run.
//! - When `main` returns or `exit(s)` is called, the program exits with that
//!   status: the top entry of the stack is popped and run, until the stack
//!   is empty; the destructors' entry stacks the destructors in order, like
//!   the constructors. A handler registered while exiting is pushed and runs
//!   next (after the destructors if registered by one), as in glibc.
//! - `abort()`, `_exit()`, `_Exit()` and failed assertions are `Halt` edges:
//!   they run nothing.
//! - `exit()` called while exiting (from a handler or destructor) is
//!   undefined behaviour (C11 7.22.4.4); `exit()` from a constructor is not
//!   modelled: both end the path as a failed leaf.

use crate::exec::StepOut;
use crate::state::{Frame, State};
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use im_rc::Vector;
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc, SrcLoc};

/// Where a state is in the program's life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Constructors are running (`main` waits at the bottom of the stack).
    Ctors,
    /// `main` (or what it calls) is running.
    #[default]
    Main,
    /// The program is exiting: handlers and destructors are running.
    Exiting,
}

/// One registered exit handler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExitEntry {
    /// `atexit(f)`: runs `f()`.
    Atexit(FuncId),
    /// `on_exit(f, arg)`: runs `f(status, arg)`.
    OnExit(FuncId, Expr),
    /// `__cxa_atexit(f, arg, dso)`: runs `f(arg)`.
    Cxa(FuncId, Expr),
    /// The module's destructors, in [`kappa_ir::Module::dtors`] order.
    Dtors,
}

/// The per-state data of program start and end. `Default` is a state in
/// `main` with nothing registered (not even the destructors).
#[derive(Clone, Debug, Default)]
pub struct Lifecycle {
    /// The current phase.
    pub phase: Phase,
    /// Registered handlers, oldest first (the last runs first).
    pub handlers: Vector<ExitEntry>,
    /// The exit status, once exiting (`main`'s result or `exit`'s argument).
    pub status: Option<Expr>,
}

impl ExitEntry {
    /// The expressions the entry holds (compared by state matching).
    pub fn values(&self) -> Option<Expr> {
        match self {
            ExitEntry::OnExit(_, a) | ExitEntry::Cxa(_, a) => Some(*a),
            _ => None,
        }
    }

    /// The entry with its expression replaced by a mark (for hashing).
    pub fn shape(&self) -> (u8, Option<FuncId>) {
        match self {
            ExitEntry::Atexit(f) => (0, Some(*f)),
            ExitEntry::OnExit(f, _) => (1, Some(*f)),
            ExitEntry::Cxa(f, _) => (2, Some(*f)),
            ExitEntry::Dtors => (3, None),
        }
    }
}

/// The frames that run `funcs` in order and then continue at `then`'s entry
/// (the frame `then` itself is not included): the first function on top.
/// The bottom frame returns to `below` (`None`: the stack's bottom).
fn chain(m: &kappa_ir::Module, funcs: &[FuncId], below: Option<FuncId>) -> Vec<Frame> {
    let mut frames = vec![];
    let mut next = below;
    for &f in funcs.iter().rev() {
        frames.push(Frame {
            func: f,
            regs: vec![None; m.func(f).vars.len()],
            ret: next.map(|g| (m.func(g).entry, None)),
            allocas: vec![],
            slots: Default::default(),
        });
        next = Some(f);
    }
    frames
}

impl Engine<'_> {
    /// Checks the constructors and destructors kappa runs: defined
    /// functions without parameters.
    pub(crate) fn check_structors(&self) -> Result<(), String> {
        for (&f, what) in self
            .module
            .ctors
            .iter()
            .map(|f| (f, "constructor"))
            .chain(self.module.dtors.iter().map(|f| (f, "destructor")))
        {
            let func = self.module.func(f);
            if !func.defined {
                return Err(format!("unsupported: {what} `{}` has no body", func.name));
            }
            if !func.params.is_empty() {
                return Err(format!(
                    "unsupported: {what} `{}` takes parameters",
                    func.name
                ));
            }
        }
        Ok(())
    }

    /// Sets up the initial state (whose only frame is `main`'s): the
    /// constructors stacked above `main`, the destructors registered.
    pub(crate) fn start_lifecycle(&self, st: &mut State) {
        st.life = Lifecycle::default();
        if !self.module.dtors.is_empty() {
            st.life.handlers.push_back(ExitEntry::Dtors);
        }
        if !self.module.ctors.is_empty() {
            let main = st.func();
            let mut ctors = chain(self.module, &self.module.ctors, Some(main));
            st.loc = self.module.func(self.module.ctors[0]).entry;
            st.frames.append(&mut ctors);
            st.life.phase = Phase::Ctors;
        }
    }

    /// Registers an exit handler (`atexit` and kin).
    pub(crate) fn register_handler(st: &mut State, e: ExitEntry) {
        st.life.handlers.push_back(e);
    }

    /// The bottom frame `last` (already popped) returned `rv`: `main`
    /// returned (the program exits with its result), or a handler or
    /// destructor returned (the next one runs).
    pub(crate) fn bottom_returned(
        &mut self,
        st: State,
        last: Frame,
        rv: Option<Expr>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        match st.life.phase {
            Phase::Exiting => self.run_next_handler(st, Some(last), validate),
            _ => {
                // `return v` from main is `exit(v)`
                let status = rv.map(|v| match v.sort() {
                    Sort::Bool => b::bool_to_bv(v, 32),
                    _ => v,
                });
                self.begin_exit(st, Some(last), status, None, validate)
            }
        }
    }

    /// `exit(status)` (or `main` returned `status`): unless the program is
    /// already exiting or still constructing, the frames are dropped (their
    /// objects stay: handlers may use them) and the handlers run.
    pub(crate) fn begin_exit(
        &mut self,
        mut st: State,
        last: Option<Frame>,
        status: Option<Expr>,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let at = self.module.describe(src);
        let why = match st.life.phase {
            Phase::Exiting => Some(format!(
                "undefined behaviour: exit called again while exiting (from an exit handler or destructor) at {at}"
            )),
            Phase::Ctors if last.is_none() => Some(format!(
                "unsupported: exit called from a constructor at {at}"
            )),
            _ => None,
        };
        if let Some(why) = why {
            if let Some(f) = last {
                st.frames.push(f);
            }
            self.terminate(st, End::Failed(Failure::from(why)), validate);
            return StepOut::Done;
        }
        st.life.phase = Phase::Exiting;
        let status = status.unwrap_or_else(|| {
            b::sym(Symbol::fresh(
                "exit_status",
                Sort::Bv(32),
                SymbolKind::Fresh,
            ))
        });
        st.life.status = Some(match status.width() {
            32 => status,
            w if w > 32 => b::trunc(status, 32),
            _ => b::zext(status, 32),
        });
        // keep a frame for describing the path's end if nothing runs
        let last = last.or_else(|| st.frames.last().cloned());
        st.frames.clear();
        self.run_next_handler(st, last, validate)
    }

    /// Pops and starts the newest registered handler (the destructors'
    /// entry starts them all); with none left the path ends normally.
    fn run_next_handler(
        &mut self,
        mut st: State,
        last: Option<Frame>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        debug_assert!(st.frames.is_empty(), "handlers run on an empty stack");
        let Some(entry) = st.life.handlers.pop_back() else {
            if let Some(f) = last {
                st.frames.push(f);
            }
            self.terminate(st, End::Exit, validate);
            return StepOut::Done;
        };
        let status = st.life.status.expect("exiting states have a status");
        let (f, args) = match entry {
            ExitEntry::Dtors => {
                st.frames = chain(self.module, &self.module.dtors, None);
                st.loc = self.module.func(self.module.dtors[0]).entry;
                return StepOut::Continue(st);
            }
            ExitEntry::Atexit(f) => (f, vec![]),
            ExitEntry::OnExit(f, a) => (f, vec![status, a]),
            ExitEntry::Cxa(f, a) => (f, vec![a]),
        };
        let func = self.module.func(f);
        if !func.defined && !crate::exec::is_error_function(&func.name) {
            let why = format!(
                "unsupported: exit handler `{}` is an external function",
                func.name
            );
            if let Some(fr) = last {
                st.frames.push(fr);
            }
            self.terminate(st, End::Failed(Failure::from(why)), validate);
            return StepOut::Done;
        }
        // an ordinary call whose frame is the stack's bottom
        let entry_loc: Loc = func.entry;
        match self.call(st, f, args, None, entry_loc, None, validate) {
            StepOut::Continue(mut s) => {
                s.frame_mut().ret = None;
                StepOut::Continue(s)
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_ir::{Function, Module};

    #[test]
    fn chained_frames_run_in_order_and_return_into_the_next() {
        let mut m = Module {
            files: vec![],
            data_model: Default::default(),
            globals: vec![],
            functions: vec![],
            ctors: vec![],
            dtors: vec![],
        };
        for (i, name) in ["main", "a", "b", "c"].iter().enumerate() {
            let mut f = Function::external(name.to_string(), None, false);
            f.entry = Loc(i as u32 + 10);
            m.functions.push(f);
        }
        let ids: Vec<FuncId> = (1..4).map(FuncId).collect();
        let frames = chain(&m, &ids, Some(FuncId(0)));
        let order: Vec<u32> = frames.iter().rev().map(|f| f.func.0).collect();
        assert_eq!(order, vec![1, 2, 3], "top of the stack runs first");
        let rets: Vec<Option<Loc>> = frames.iter().map(|f| f.ret.map(|r| r.0)).collect();
        // c returns to main's entry, b to c's, a to b's
        assert_eq!(rets, vec![Some(Loc(10)), Some(Loc(13)), Some(Loc(12))]);
        let alone = chain(&m, &ids[..1], None);
        assert_eq!(alone.len(), 1);
        assert!(alone[0].ret.is_none(), "the bottom frame ends the sequence");
    }
}
