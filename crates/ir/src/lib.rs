//! kappa's own flowgraph IR: a program is a set of functions, each a graph of
//! locations joined by edges labelled with one instruction (the papers'
//! flowgraph). No LLVM type appears here; `kappa-frontend` is the only reader
//! of LLVM and lowers into these types.
//!
//! Conventions:
//! - integers are bitvectors (`Ty::Int(w)`); pointers are `Ty::Int(ptr_bits)`
//!   of the module's [`DataModel`]; LLVM `i1` is `Ty::Bool`;
//! - `float` and `double` values are their IEEE bits (`Ty::Int(32)`,
//!   `Ty::Int(64)`): moved, stored and compared for identity as bits; only
//!   [`Value::Float`] reads them as numbers;
//! - a location with several outgoing edges has only [`Instr::Assume`] edges
//!   (a branch); every other location has at most one outgoing edge;
//! - phi nodes become [`Instr::Phi`] parallel assignments on the CFG edge;
//! - SV-COMP calls are recognised by the frontend: `__VERIFIER_nondet_*`
//!   becomes [`Instr::Nondet`], `reach_error` becomes [`Instr::Error`],
//!   `abort`/`_exit`/failed asserts become [`Instr::Halt`]; `exit(s)` becomes
//!   a call of the external `exit` (which runs the `atexit` handlers and
//!   destructors and never returns) followed by [`Instr::Halt`].

pub mod inline;
mod print;
pub use print::ValuePrinter;

pub use kappa_expr::float::{FCmp, FTy, FpOp};
use serde::Serialize;
use std::fmt;

/// Data model of the analysed program: decides pointer and `long` width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
pub enum DataModel {
    /// `int`, `long`, pointers are 32 bits (`-m32`); the SV-COMP default.
    #[default]
    Ilp32,
    /// `long` and pointers are 64 bits (`-m64`).
    Lp64,
}

impl DataModel {
    /// Width of a pointer in bits (32 or 64).
    pub fn pointer_bits(self) -> u32 {
        match self {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }
    /// The clang/gcc flag selecting this data model.
    pub fn cc_flag(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "-m32",
            DataModel::Lp64 => "-m64",
        }
    }
    /// The compiler flags that make `float` and `double` arithmetic IEEE
    /// binary32/binary64 with one rounding per operation (SSE2, no x87
    /// excess precision), the semantics kappa reasons in: every native
    /// build of the program (replay, native mode) and the frontend pass
    /// them. Empty for LP64, where SSE2 is the default.
    pub fn fp_flags(self) -> &'static [&'static str] {
        match self {
            DataModel::Ilp32 => &["-msse2", "-mfpmath=sse"],
            DataModel::Lp64 => &[],
        }
    }
    /// Parses `ILP32`/`LP64` (case-insensitive), as in SV-COMP task files.
    pub fn parse(s: &str) -> Option<DataModel> {
        match s.to_ascii_uppercase().as_str() {
            "ILP32" | "32" => Some(DataModel::Ilp32),
            "LP64" | "64" => Some(DataModel::Lp64),
            _ => None,
        }
    }
}

impl fmt::Display for DataModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DataModel::Ilp32 => "ILP32",
            DataModel::Lp64 => "LP64",
        })
    }
}

/// Type of an IR value: a boolean (LLVM `i1`) or a bitvector of `w` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Ty {
    /// Truth value; LLVM `i1`.
    Bool,
    /// Bitvector of the given width (1..=128); pointers use the data model width.
    Int(u32),
}

impl Ty {
    /// Width in bits (`Bool` counts as 1).
    pub fn bits(self) -> u32 {
        match self {
            Ty::Bool => 1,
            Ty::Int(w) => w,
        }
    }
    /// Size in bytes when stored in memory (`Bool` occupies one byte).
    pub fn store_bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }
}

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as `usize`, for indexing the owning vector.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(
    /// A location (program point) of one function.
    Loc,
    "L"
);
id_type!(
    /// An edge of one function's flowgraph.
    EdgeId,
    "e"
);
id_type!(
    /// A local SSA variable (register) of one function.
    VarId,
    "v"
);
id_type!(
    /// A global object of the module.
    GlobalId,
    "g"
);
id_type!(
    /// A function of the module (defined or external).
    FuncId,
    "f"
);

/// A source position: index into [`Module::files`], line and column (1-based; 0 = unknown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SrcLoc {
    /// Index into [`Module::files`].
    pub file: u32,
    /// Line, 1-based.
    pub line: u32,
    /// Column, 1-based; 0 when unknown.
    pub col: u32,
}

/// Binary operators with LLVM/C bitvector semantics (wrap-around arithmetic).
/// On `Bool` operands only `And`, `Or`, `Xor` are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

/// Comparison predicates; the result is `Ty::Bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[allow(missing_docs)]
pub enum CmpOp {
    Eq,
    Ne,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

/// Width conversions. `ZExt`/`SExt` from `Bool` give 0/1 and 0/-1;
/// `Trunc` to `Bool` keeps the lowest bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[allow(missing_docs)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// A side-effect-free value computed on an edge: a small expression tree over
/// variables, constants and addresses. Every node knows its type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Value {
    /// A local variable.
    Var(VarId),
    /// A constant; `bits` holds the value zero-extended (for `Bool`, 0 or 1).
    Const {
        /// Type of the constant.
        ty: Ty,
        /// The bits, zero-extended to 128.
        bits: u128,
    },
    /// Address of a global object plus nothing (offsets are explicit `Add`s).
    GlobalAddr(GlobalId),
    /// Address of a function (for function pointers).
    FuncAddr(FuncId),
    /// An unspecified value (LLVM `undef`/`poison`); executed as a fresh unconstrained symbol.
    Undef(Ty),
    /// Boolean or bitwise negation.
    Not(Box<Value>),
    /// Binary operation; both operands and the result have type `ty`.
    Binary {
        /// Operator.
        op: BinOp,
        /// Type of operands and result.
        ty: Ty,
        /// Left operand.
        lhs: Box<Value>,
        /// Right operand.
        rhs: Box<Value>,
    },
    /// Comparison of two operands of the same type; result `Bool`.
    Cmp {
        /// Predicate.
        op: CmpOp,
        /// Left operand.
        lhs: Box<Value>,
        /// Right operand.
        rhs: Box<Value>,
    },
    /// Width conversion to `to`.
    Cast {
        /// Conversion kind.
        op: CastOp,
        /// Target type.
        to: Ty,
        /// Operand.
        arg: Box<Value>,
    },
    /// A floating-point operation on IEEE bits (see [`FpOp`]): `args` are
    /// `Ty::Int(op.arg_width())`, the result `Ty::Int(w)` or `Bool` as
    /// `op.result_width()` says.
    Float {
        /// The operation (with its formats).
        op: FpOp,
        /// Operands, `op.arity()` of them.
        args: Vec<Value>,
    },
    /// `cond ? then : else_`; both branches have type `ty`.
    Select {
        /// Type of the branches and the result.
        ty: Ty,
        /// Condition (`Bool`).
        cond: Box<Value>,
        /// Value when true.
        then: Box<Value>,
        /// Value when false.
        else_: Box<Value>,
    },
}

impl Value {
    /// A bitvector constant of width `w` holding `v` (truncated to `w` bits).
    pub fn int(w: u32, v: u128) -> Value {
        let mask = if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        };
        Value::Const {
            ty: Ty::Int(w),
            bits: v & mask,
        }
    }
    /// A boolean constant.
    pub fn bool(b: bool) -> Value {
        Value::Const {
            ty: Ty::Bool,
            bits: b as u128,
        }
    }
    /// Boolean negation, folding constants and double negation.
    pub fn negate(v: Value) -> Value {
        match v {
            Value::Const { ty: Ty::Bool, bits } => Value::bool(bits == 0),
            Value::Not(inner) => *inner,
            other => Value::Not(Box::new(other)),
        }
    }
    /// Type of this value; `vars` gives variable types, `ptr` the pointer type.
    pub fn ty(&self, vars: &[VarInfo], ptr: Ty) -> Ty {
        match self {
            Value::Var(v) => vars[v.index()].ty,
            Value::Const { ty, .. } | Value::Undef(ty) => *ty,
            Value::GlobalAddr(_) | Value::FuncAddr(_) => ptr,
            Value::Not(a) => a.ty(vars, ptr),
            Value::Binary { ty, .. } | Value::Select { ty, .. } => *ty,
            Value::Cmp { .. } => Ty::Bool,
            Value::Cast { to, .. } => *to,
            Value::Float { op, .. } => op.result_width().map_or(Ty::Bool, Ty::Int),
        }
    }
    /// Calls `f` on every variable read by this value.
    pub fn for_each_var(&self, f: &mut impl FnMut(VarId)) {
        match self {
            Value::Var(v) => f(*v),
            Value::Const { .. } | Value::GlobalAddr(_) | Value::FuncAddr(_) | Value::Undef(_) => {}
            Value::Not(a) | Value::Cast { arg: a, .. } => a.for_each_var(f),
            Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
                lhs.for_each_var(f);
                rhs.for_each_var(f);
            }
            Value::Select {
                cond, then, else_, ..
            } => {
                cond.for_each_var(f);
                then.for_each_var(f);
                else_.for_each_var(f);
            }
            Value::Float { args, .. } => args.iter().for_each(|a| a.for_each_var(f)),
        }
    }
}

/// The target of a call.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Callee {
    /// A function of the module (defined, or external and handled by the engine's shims).
    Direct(FuncId),
    /// A function pointer.
    Indirect(Value),
}

/// The instruction labelling an edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Instr {
    /// `dst := value`.
    Assign {
        /// Assigned variable.
        dst: VarId,
        /// Assigned value.
        value: Value,
    },
    /// Continue only if the boolean `cond` holds (branch edges and `__VERIFIER_assume`).
    Assume(Value),
    /// Parallel assignment of phi nodes on a CFG edge: all right-hand sides are read first.
    Phi(Vec<(VarId, Value)>),
    /// `dst := *addr`, reading `ty.store_bytes()` bytes (little-endian).
    Load {
        /// Destination variable.
        dst: VarId,
        /// Address read.
        addr: Value,
        /// Type of the loaded value.
        ty: Ty,
    },
    /// `*addr := value`, writing the value's store size (little-endian).
    Store {
        /// Address written.
        addr: Value,
        /// Stored value.
        value: Value,
    },
    /// A stack object of `size` bytes freed when the function returns; `dst` gets its address.
    Alloca {
        /// Variable receiving the address.
        dst: VarId,
        /// Size in bytes (usually constant).
        size: Value,
        /// Alignment in bytes.
        align: u32,
    },
    /// A call; results of void functions are not assigned.
    Call {
        /// Variable receiving the result, if any.
        dst: Option<VarId>,
        /// Called function.
        callee: Callee,
        /// Arguments.
        args: Vec<Value>,
    },
    /// Return from the function (edge into [`Function::exit`]).
    Return(Option<Value>),
    /// `dst := ` a fresh program input (a `__VERIFIER_nondet_*` call).
    Nondet {
        /// Destination variable.
        dst: VarId,
        /// Type of the input.
        ty: Ty,
        /// The nondet function called, e.g. `__VERIFIER_nondet_int`.
        origin: String,
    },
    /// `reach_error()` is called: the target of the unreach-call property.
    Error,
    /// `abort()`, `_exit()`, failed assertion outside `reach_error`: the path
    /// ends silently (no exit handler or destructor runs). Also follows the
    /// call of `exit()`, which does not return.
    Halt,
    /// A construct kappa cannot execute; reaching it makes the path incomplete.
    Unsupported(String),
}

impl Instr {
    /// Calls `f` on every value the instruction reads (its operands, the
    /// callee of an indirect call, the arguments, the returned value).
    pub fn for_each_value(&self, f: &mut dyn FnMut(&Value)) {
        match self {
            Instr::Assign { value, .. } | Instr::Assume(value) => f(value),
            Instr::Phi(ms) => ms.iter().for_each(|(_, v)| f(v)),
            Instr::Load { addr, .. } => f(addr),
            Instr::Store { addr, value } => {
                f(addr);
                f(value)
            }
            Instr::Alloca { size, .. } => f(size),
            Instr::Call { callee, args, .. } => {
                if let Callee::Indirect(v) = callee {
                    f(v);
                }
                args.iter().for_each(f);
            }
            Instr::Return(Some(v)) => f(v),
            Instr::Return(None)
            | Instr::Nondet { .. }
            | Instr::Error
            | Instr::Halt
            | Instr::Unsupported(_) => {}
        }
    }
}

/// One edge of a flowgraph.
#[derive(Clone, Debug, Serialize)]
pub struct Edge {
    /// Source location.
    pub from: Loc,
    /// Target location.
    pub to: Loc,
    /// The instruction executed along the edge.
    pub instr: Instr,
    /// Source position of the instruction, when debug info has one.
    pub src: Option<SrcLoc>,
}

/// A local variable: printable name and type.
#[derive(Clone, Debug, Serialize)]
pub struct VarInfo {
    /// Name from the LLVM value (`%x`, `%5`), unique in the function.
    pub name: String,
    /// Type.
    pub ty: Ty,
}

/// A source variable in scope at a location, and the register holding its
/// value there (from the debug info's `llvm.dbg.value` records).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SrcVar {
    /// The C identifier.
    pub name: String,
    /// The register whose value the variable has at the location, when
    /// one does on every path reaching it; `None` when the variable's
    /// value is not known to be a register there (in memory, a constant,
    /// several registers depending on the path, or not yet assigned).
    pub reg: Option<VarId>,
    /// The line of the variable's declaration (0: unknown); not printed.
    #[serde(skip)]
    pub line: u32,
    /// The variable's type when it is a basic integer type: signed or
    /// not, and its width in bits; not printed.
    #[serde(skip)]
    pub int_type: Option<(bool, u64)>,
}

/// Per-location data.
#[derive(Clone, Debug, Serialize, Default)]
pub struct LocInfo {
    /// Source position of the first instruction leaving this location, if known.
    pub src: Option<SrcLoc>,
    /// LLVM basic block this location belongs to, for printing.
    pub block: String,
    /// The source variables in scope here, one per C name (the innermost
    /// of shadowing declarations), with the registers holding their
    /// values. Recorded by the frontend at loop headers only (locations
    /// entered by a retreating edge), from debug info; empty elsewhere and
    /// when the program has no debug info (default: empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub src_vars: Vec<SrcVar>,
}

impl LocInfo {
    /// The source name of register `v` at this location: the variable in
    /// scope here whose value `v` holds (see [`LocInfo::src_vars`]).
    pub fn src_name(&self, v: VarId) -> Option<&str> {
        self.src_vars
            .iter()
            .find(|s| s.reg == Some(v))
            .map(|s| s.name.as_str())
    }

    /// Whether a source variable named `name` is in scope here (a local
    /// that would shadow a global of that name).
    pub fn has_src_var(&self, name: &str) -> bool {
        self.src_vars.iter().any(|s| s.name == name)
    }
}

/// The source lines of a function's body: from the line of its
/// declaration to the last line any of its instructions has, in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SrcSpan {
    /// Index into [`Module::files`].
    pub file: u32,
    /// First line (the function's declaration).
    pub first: u32,
    /// Last line of an instruction of the function.
    pub last: u32,
}

/// A function: defined ones have a flowgraph; external ones only a signature.
#[derive(Clone, Debug, Serialize)]
pub struct Function {
    /// Name (the C identifier).
    pub name: String,
    /// Parameter variables, in order.
    pub params: Vec<VarId>,
    /// Return type, `None` for void.
    pub ret: Option<Ty>,
    /// All variables (parameters included).
    pub vars: Vec<VarInfo>,
    /// All locations; empty for external functions.
    pub locs: Vec<LocInfo>,
    /// All edges.
    pub edges: Vec<Edge>,
    /// Outgoing edges of each location, in a deterministic order.
    pub succs: Vec<Vec<EdgeId>>,
    /// Entry location.
    pub entry: Loc,
    /// Location reached by `Return` edges.
    pub exit: Loc,
    /// Location reached by `Error`, `Halt` and `Unsupported` edges.
    pub sink: Loc,
    /// Whether the function has a body.
    pub defined: bool,
    /// Whether the function takes variable arguments.
    pub variadic: bool,
    /// Parameters passed by value in memory (LLVM `byval`): `(parameter
    /// index, size in bytes)`. The argument is a pointer to the caller's
    /// object; the callee must get its own copy.
    pub byval: Vec<(usize, u64)>,
    /// The lines of its body in the source, when debug info gives them
    /// (default: `None`); see [`Module::function_at`].
    pub span: Option<SrcSpan>,
}

impl Function {
    /// An external (body-less) function.
    pub fn external(name: String, ret: Option<Ty>, variadic: bool) -> Function {
        Function {
            name,
            params: vec![],
            ret,
            vars: vec![],
            locs: vec![],
            edges: vec![],
            succs: vec![],
            entry: Loc(0),
            exit: Loc(0),
            sink: Loc(0),
            defined: false,
            variadic,
            byval: vec![],
            span: None,
        }
    }
    /// Adds a location and returns it.
    pub fn add_loc(&mut self, info: LocInfo) -> Loc {
        self.locs.push(info);
        self.succs.push(vec![]);
        Loc(self.locs.len() as u32 - 1)
    }
    /// Adds an edge `from -> to` labelled `instr`.
    pub fn add_edge(&mut self, from: Loc, to: Loc, instr: Instr, src: Option<SrcLoc>) -> EdgeId {
        let id = EdgeId(self.edges.len() as u32);
        self.edges.push(Edge {
            from,
            to,
            instr,
            src,
        });
        self.succs[from.index()].push(id);
        if self.locs[from.index()].src.is_none() {
            self.locs[from.index()].src = src;
        }
        id
    }
    /// Adds a variable and returns it.
    pub fn add_var(&mut self, name: String, ty: Ty) -> VarId {
        self.vars.push(VarInfo { name, ty });
        VarId(self.vars.len() as u32 - 1)
    }
    /// The edges leaving `l`.
    pub fn out_edges(&self, l: Loc) -> impl Iterator<Item = (EdgeId, &Edge)> + '_ {
        self.succs[l.index()]
            .iter()
            .map(move |&e| (e, &self.edges[e.index()]))
    }
}

/// A piece of a global's initial contents.
#[derive(Clone, Debug, Serialize)]
pub enum InitValue {
    /// An integer of `bytes` bytes, little-endian.
    Int {
        /// Size in bytes.
        bytes: u32,
        /// Value (zero-extended).
        value: u128,
    },
    /// The address of a global or function plus `addend`, stored in `bytes` bytes.
    Addr {
        /// The object whose address is stored.
        target: AddrTarget,
        /// Byte offset added to the address.
        addend: i64,
        /// Size in bytes (pointer size).
        bytes: u32,
    },
}

/// What an address in an initializer points to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AddrTarget {
    /// A global object.
    Global(GlobalId),
    /// A function.
    Func(FuncId),
}

/// A global object: size, alignment and initial contents (unlisted bytes are zero).
#[derive(Clone, Debug, Serialize)]
pub struct Global {
    /// Name (C identifier, or `.str` style names for literals).
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
    /// Initial contents as `(offset, value)` pieces; every other byte is zero.
    pub init: Vec<(u64, InitValue)>,
    /// Whether the object is read-only (a `constant` in LLVM).
    pub constant: bool,
    /// Whether the global is only declared (`extern`) and has no definition.
    pub external: bool,
}

/// A whole program in kappa IR.
#[derive(Clone, Debug, Serialize)]
pub struct Module {
    /// Source files referenced by [`SrcLoc::file`].
    pub files: Vec<String>,
    /// Data model the program was compiled for.
    pub data_model: DataModel,
    /// Global objects.
    pub globals: Vec<Global>,
    /// Functions, defined and external.
    pub functions: Vec<Function>,
    /// `llvm.global_ctors`: functions run before `main`, in the order they
    /// must run (ascending priority; equal priorities in declaration order,
    /// as glibc runs `.init_array`).
    pub ctors: Vec<FuncId>,
    /// `llvm.global_dtors`: functions run after `main` returns or `exit` is
    /// called, in the order they must run (descending priority, as
    /// `.fini_array`). Handlers registered by `atexit` at run time run
    /// before these (they are registered after the constructors ran).
    pub dtors: Vec<FuncId>,
}

impl Module {
    /// Pointer type of this module.
    pub fn ptr_ty(&self) -> Ty {
        Ty::Int(self.data_model.pointer_bits())
    }
    /// Finds a function by name.
    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }
    /// The function with id `f`.
    pub fn func(&self, f: FuncId) -> &Function {
        &self.functions[f.index()]
    }
    /// Whether code may run after `main` returns or `exit` is called: the
    /// module has destructors or mentions a function registering exit
    /// handlers (`atexit`, `on_exit`, `__cxa_atexit`, `at_quick_exit`).
    pub fn may_run_exit_handlers(&self) -> bool {
        !self.dtors.is_empty()
            || self.functions.iter().any(|f| {
                matches!(
                    f.name.as_str(),
                    "atexit" | "on_exit" | "__cxa_atexit" | "at_quick_exit"
                )
            })
    }
    /// The defined function whose body contains line `line` of file
    /// `file` (index into [`Module::files`]), by the functions' source
    /// spans; of several, the one with the shortest span. `None` when no
    /// span contains it (no debug info, or a line outside every function).
    pub fn function_at(&self, file: u32, line: u32) -> Option<&Function> {
        self.functions
            .iter()
            .filter(|f| f.defined)
            .filter(|f| {
                f.span
                    .is_some_and(|s| s.file == file && s.first <= line && line <= s.last)
            })
            .min_by_key(|f| f.span.map_or(u32::MAX, |s| s.last - s.first))
    }
    /// `file:line` for a source position.
    pub fn describe(&self, src: Option<SrcLoc>) -> String {
        match src {
            Some(s) => {
                let file = self
                    .files
                    .get(s.file as usize)
                    .map(String::as_str)
                    .unwrap_or("?");
                let base = std::path::Path::new(file)
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or(file);
                format!("{base}:{}", s.line)
            }
            None => "?".to_string(),
        }
    }
    /// Checks the structural invariants stated in the crate docs; returns the first violation.
    pub fn validate(&self) -> Result<(), String> {
        for f in self.functions.iter().filter(|f| f.defined) {
            for (i, succs) in f.succs.iter().enumerate() {
                if succs.len() > 1 {
                    for e in succs {
                        if !matches!(f.edges[e.index()].instr, Instr::Assume(_)) {
                            return Err(format!(
                                "{}: location L{i} branches with a non-assume edge",
                                f.name
                            ));
                        }
                    }
                }
            }
            for e in &f.edges {
                if e.from.index() >= f.locs.len() || e.to.index() >= f.locs.len() {
                    return Err(format!("{}: edge to a missing location", f.name));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defined(name: &str, span: Option<SrcSpan>) -> Function {
        let mut f = Function::external(name.into(), None, false);
        f.defined = true;
        f.span = span;
        f
    }

    #[test]
    fn lines_belong_to_the_function_whose_span_holds_them() {
        let span = |file, first, last| Some(SrcSpan { file, first, last });
        let m = Module {
            files: vec!["a.c".into(), "b.c".into()],
            data_model: DataModel::Ilp32,
            globals: vec![],
            functions: vec![
                defined("f", span(0, 2, 5)),
                defined("main", span(0, 7, 12)),
                defined("g", span(1, 1, 9)),
                defined("nospan", None),
                Function::external("ext".into(), None, false),
            ],
            ctors: vec![],
            dtors: vec![],
        };
        let at = |file, line| m.function_at(file, line).map(|f| f.name.as_str());
        assert_eq!(at(0, 2), Some("f"));
        assert_eq!(at(0, 5), Some("f"));
        assert_eq!(at(0, 6), None);
        assert_eq!(at(0, 12), Some("main"));
        assert_eq!(at(1, 3), Some("g"));
        assert_eq!(at(2, 3), None);
    }

    #[test]
    fn a_register_is_named_by_the_first_variable_it_holds() {
        let l = LocInfo {
            src_vars: vec![
                SrcVar {
                    name: "n".into(),
                    reg: Some(VarId(3)),
                    line: 0,
                    int_type: None,
                },
                SrcVar {
                    name: "y".into(),
                    reg: Some(VarId(3)),
                    line: 0,
                    int_type: None,
                },
                SrcVar {
                    name: "m".into(),
                    reg: None,
                    line: 0,
                    int_type: None,
                },
            ],
            ..LocInfo::default()
        };
        assert_eq!(l.src_name(VarId(3)), Some("n"));
        assert_eq!(l.src_name(VarId(4)), None);
        assert!(l.has_src_var("m") && l.has_src_var("y") && !l.has_src_var("x"));
    }
}
