//! Error types of kappa-replay: [`ReplayError`] for every fallible entry
//! point, and [`XmlError`] for the hand-written Test-Comp XML reader.

use std::fmt;
use std::path::PathBuf;

/// Everything that can go wrong reading, writing or replaying a test.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// [`crate::Limits::deadline`] passed before the replay was done.
    #[error("the deadline passed while {step}")]
    Deadline {
        /// What was running: compiling, disassembling, starting the program.
        step: String,
    },
    /// No usable C compiler was found; `tried` lists the candidates.
    #[error("no C compiler found (tried {})", tried.join(", "))]
    NoCompiler {
        /// Candidate names and paths that were looked for.
        tried: Vec<String>,
    },
    /// An LLVM IR source (`.ll`/`.bc`) was given but the compiler is not clang.
    #[error("{}: LLVM IR sources need clang, but the C compiler is {}", path.display(), compiler.display())]
    NeedsClang {
        /// The IR source.
        path: PathBuf,
        /// The compiler that would have been used.
        compiler: PathBuf,
    },
    /// A helper program (e.g. `llvm-dis` for `.bc` sources) was not found.
    #[error("{tool} not found (needed for {})", path.display())]
    ToolMissing {
        /// Name of the missing tool.
        tool: &'static str,
        /// The source that needed it.
        path: PathBuf,
    },
    /// A helper program ran but failed.
    #[error("{tool} failed on {}: {stderr}", path.display())]
    ToolFailed {
        /// Name of the tool.
        tool: &'static str,
        /// The file it was run on.
        path: PathBuf,
        /// Its standard error.
        stderr: String,
    },
    /// `replay`/`write_testcomp` were given no source file.
    #[error("no source files given")]
    NoSources,
    /// A source file's extension is not one of `.c`, `.i`, `.ll`, `.bc`.
    #[error("{}: unsupported source kind (expected .c, .i, .ll or .bc)", path.display())]
    UnsupportedSource {
        /// The offending source.
        path: PathBuf,
    },
    /// The program (or the generated harness) failed to compile or link.
    #[error("compilation failed (exit status {status:?}): {command}\n{stderr}")]
    Compile {
        /// The compiler command line, for reproduction.
        command: String,
        /// The compiler's exit status (`None` if killed by a signal).
        status: Option<i32>,
        /// The compiler's diagnostics.
        stderr: String,
    },
    /// A test value is not a C integer or floating-point literal.
    #[error("input {index} ({origin}) has invalid value {value:?}")]
    InvalidValue {
        /// Zero-based position of the input in the test.
        index: usize,
        /// The input's origin (may be empty).
        origin: String,
        /// The rejected value.
        value: String,
    },
    /// An I/O operation on a file or directory failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A program (compiler, tool, or the replayed binary) could not be started
    /// or waited for.
    #[error("cannot run {}: {source}", program.display())]
    Spawn {
        /// The program.
        program: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A test file is not valid UTF-8.
    #[error("{}: not UTF-8 text", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
    },
    /// A Test-Comp testcase file is malformed.
    #[error("{}:{}", path.display(), error)]
    Xml {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        error: XmlError,
    },
    /// A JSON test file is not valid JSON.
    #[error("{}: invalid JSON: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// A JSON test file is valid JSON but not shaped like a test.
    #[error("{}: {shape}", path.display())]
    JsonShape {
        /// The file.
        path: PathBuf,
        /// What was expected where.
        shape: JsonShape,
    },
    /// A token of a plain-text test is not a number.
    #[error("{}:{line}: {token:?} is not a C integer or floating-point literal", path.display())]
    PlainText {
        /// The file.
        path: PathBuf,
        /// One-based line number.
        line: usize,
        /// The rejected token.
        token: String,
    },
}

/// Where a JSON test deviates from `{"inputs":[{"origin":..,"value":..}]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonShape {
    /// The top level is neither an object with an `inputs` array nor an array.
    NoInputsArray,
    /// Input `index` is not an object with a `value`, a string or a number.
    BadInput {
        /// Zero-based index of the input.
        index: usize,
    },
    /// Input `index` has an `origin` that is not a string.
    BadOrigin {
        /// Zero-based index of the input.
        index: usize,
    },
}

impl fmt::Display for JsonShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonShape::NoInputsArray => {
                f.write_str("expected an object with an \"inputs\" array, or an array")
            }
            JsonShape::BadInput { index } => write!(
                f,
                "input {index}: expected {{\"value\": ..}}, a string or a number"
            ),
            JsonShape::BadOrigin { index } => write!(f, "input {index}: origin is not a string"),
        }
    }
}

/// A malformed Test-Comp testcase document: what is wrong and on which line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}: {kind}")]
pub struct XmlError {
    /// One-based line of the document where the problem was found.
    pub line: usize,
    /// What is wrong.
    pub kind: XmlErrorKind,
}

/// The kinds of [`XmlError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XmlErrorKind {
    /// A construct (`"comment"`, `"tag"`, `"<input> element"`, ...) never ends.
    Unterminated {
        /// The construct.
        construct: &'static str,
    },
    /// An entity reference other than the five XML ones or a character
    /// reference, e.g. `&nbsp;`.
    UnknownEntity {
        /// The reference's text between `&` and `;`.
        entity: String,
    },
    /// An attribute of this element is not `name="value"` or `name='value'`.
    MalformedAttribute {
        /// The element's name.
        element: String,
    },
    /// An element other than a comment or CDATA section inside `<input>`.
    UnexpectedElement {
        /// The nested element's name.
        element: String,
    },
    /// An `<input>` element with no value.
    EmptyValue,
    /// The document has no `<testcase>` element (e.g. it is `metadata.xml`).
    NotATestcase,
}

impl fmt::Display for XmlErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XmlErrorKind::Unterminated { construct } => write!(f, "unterminated {construct}"),
            XmlErrorKind::UnknownEntity { entity } => write!(f, "unknown entity &{entity};"),
            XmlErrorKind::MalformedAttribute { element } => {
                write!(f, "malformed attribute in <{element}>")
            }
            XmlErrorKind::UnexpectedElement { element } => {
                write!(f, "unexpected element <{element}> inside <input>")
            }
            XmlErrorKind::EmptyValue => f.write_str("<input> without a value"),
            XmlErrorKind::NotATestcase => f.write_str("no <testcase> element"),
        }
    }
}
