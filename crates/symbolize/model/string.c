//! kappa's C models of the <string.h>/<stdlib.h> functions that read or
//! write memory, for the native back end (kappa verify --mode native).
//!
//! They are compiled to bitcode with the program's own frontend flags and
//! data model, linked into the program's module before the abstraction
//! phase, and the program's calls of `NAME` are redirected to
//! `__kappa_model_NAME`; the models are then symbolized like user code:
//! loads of bytes that hold terms thaw, comparisons on terms become
//! choices, stores freeze. (Defining `strlen` itself would interpose libc
//! for the Rust runtime too, hence the private names.)
//!
//! Semantics follow the interpreter's models (crates/engine/src/strings.rs):
//! bytes are compared as unsigned chars; `strcmp`/`strncmp`/`memcmp`/`bcmp`
//! return 0 when equal and otherwise an unconstrained int of the right sign
//! (C fixes only the sign; glibc's magnitude depends on the implementation
//! it selects at run time), taken from `__kappa_model_magnitude`, a hidden
//! input that kappa leaves out of the tests it writes.
//!
//! Not detected here (the interpreter reports them as possible undefined
//! behaviour): reading or writing past the end of an object (e.g. an
//! unterminated string), overlapping `strcpy`/`strncpy`/`memcpy`, writes to
//! read-only memory. Natively the models read and write the process's real
//! memory, as libc would; see the README (native mode) for what this means
//! for verdicts.

typedef __SIZE_TYPE__ size_t;

extern int __kappa_model_magnitude(void);
extern void *malloc(size_t);
extern void free(void *);
extern size_t malloc_usable_size(void *);

/* 0 stays 0; otherwise an int of the sign of `less ? -1 : 1` with an
   unconstrained magnitude (no branch on the term: `low | (low == 0)`). */
static int __kappa_model_order(int less) {
  unsigned m = (unsigned)__kappa_model_magnitude();
  if (less)
    return (int)(m | 0x80000000u);
  unsigned low = m & 0x7fffffffu;
  return (int)(low | (unsigned)(low == 0u));
}

size_t __kappa_model_strlen(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (p[i] != 0)
    i++;
  return i;
}

size_t __kappa_model_strnlen(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < n && p[i] != 0)
    i++;
  return i;
}

int __kappa_model_strcmp(const char *a, const char *b) {
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  for (size_t i = 0;; i++) {
    unsigned char c = x[i], d = y[i];
    if (c != d)
      return __kappa_model_order(c < d);
    if (c == 0)
      return 0;
  }
}

int __kappa_model_strncmp(const char *a, const char *b, size_t n) {
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = x[i], d = y[i];
    if (c != d)
      return __kappa_model_order(c < d);
    if (c == 0)
      return 0;
  }
  return 0;
}

int __kappa_model_memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = (const unsigned char *)a;
  const unsigned char *y = (const unsigned char *)b;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = x[i], d = y[i];
    if (c != d)
      return __kappa_model_order(c < d);
  }
  return 0;
}

int __kappa_model_bcmp(const void *a, const void *b, size_t n) {
  return __kappa_model_memcmp(a, b, n);
}

char *__kappa_model_strchr(const char *s, int c) {
  const unsigned char *p = (const unsigned char *)s;
  unsigned char ch = (unsigned char)c;
  for (size_t i = 0;; i++) {
    if (p[i] == ch)
      return (char *)s + i;
    if (p[i] == 0)
      return 0;
  }
}

char *__kappa_model_strrchr(const char *s, int c) {
  const unsigned char *p = (const unsigned char *)s;
  unsigned char ch = (unsigned char)c;
  char *last = 0;
  for (size_t i = 0;; i++) {
    if (p[i] == ch)
      last = (char *)s + i;
    if (p[i] == 0)
      return last;
  }
}

void *__kappa_model_memchr(const void *s, int c, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  unsigned char ch = (unsigned char)c;
  for (size_t i = 0; i < n; i++)
    if (p[i] == ch)
      return (void *)(p + i);
  return 0;
}

char *__kappa_model_strstr(const char *h, const char *n) {
  const unsigned char *x = (const unsigned char *)h;
  const unsigned char *y = (const unsigned char *)n;
  for (size_t i = 0;; i++) {
    size_t j = 0;
    while (y[j] != 0 && x[i + j] == y[j])
      j++;
    if (y[j] == 0)
      return (char *)h + i;
    if (x[i] == 0)
      return 0;
  }
}

char *__kappa_model_strcpy(char *d, const char *s) {
  for (size_t i = 0;; i++) {
    char c = s[i];
    d[i] = c;
    if (c == 0)
      return d;
  }
}

char *__kappa_model_strncpy(char *d, const char *s, size_t n) {
  size_t i = 0;
  for (; i < n; i++) {
    char c = s[i];
    if (c == 0)
      break;
    d[i] = c;
  }
  for (; i < n; i++)
    d[i] = 0;
  return d;
}

char *__kappa_model_strcat(char *d, const char *s) {
  size_t k = 0;
  while (d[k] != 0)
    k++;
  for (size_t i = 0;; i++) {
    char c = s[i];
    d[k + i] = c;
    if (c == 0)
      return d;
  }
}

char *__kappa_model_strncat(char *d, const char *s, size_t n) {
  size_t k = 0;
  while (d[k] != 0)
    k++;
  size_t i = 0;
  for (; i < n; i++) {
    char c = s[i];
    if (c == 0)
      break;
    d[k + i] = c;
  }
  d[k + i] = 0;
  return d;
}

/* memset byte by byte: the value may be a term (each byte is frozen). */
void *__kappa_model_memset(void *d, int c, size_t n) {
  unsigned char *p = (unsigned char *)d;
  unsigned char v = (unsigned char)c;
  for (size_t i = 0; i < n; i++)
    p[i] = v;
  return d;
}

/* memcpy/memmove through the intrinsic: the transformation's memcpy hook
   copies the shadow of the bytes exactly (a term length is lowered). */
void *__kappa_model_memcpy(void *d, const void *s, size_t n) {
  __builtin_memmove(d, s, n);
  return d;
}

void *__kappa_model_memmove(void *d, const void *s, size_t n) {
  __builtin_memmove(d, s, n);
  return d;
}

/* realloc = malloc + copy of min(old usable size, n) + free, so the shadow
   follows the bytes (memcpy and free hooks). As glibc: realloc(NULL, n) is
   malloc(n); realloc(p, 0) frees p and returns NULL; on failure p stays. */
void *__kappa_model_realloc(void *p, size_t n) {
  if (p == 0)
    return malloc(n);
  if (n == 0) {
    free(p);
    return 0;
  }
  void *q = malloc(n);
  if (q == 0)
    return 0;
  size_t old = malloc_usable_size(p);
  __builtin_memcpy(q, p, old < n ? old : n);
  free(p);
  return q;
}

/* The abs family: no memory effect, only the result. The most negative
   value (undefined behaviour in C) gives itself back, as glibc's abs does
   and as the interpreter's lowering (crates/frontend/src/lower.rs,
   `FnLower::abs`) computes: the negation is done unsigned, so it wraps. */
int __kappa_model_abs(int x) { return x < 0 ? (int)(0u - (unsigned)x) : x; }
long __kappa_model_labs(long x) {
  return x < 0 ? (long)(0ul - (unsigned long)x) : x;
}
long long __kappa_model_llabs(long long x) {
  return x < 0 ? (long long)(0ull - (unsigned long long)x) : x;
}
__INTMAX_TYPE__ __kappa_model_imaxabs(__INTMAX_TYPE__ x) {
  return x < 0 ? (__INTMAX_TYPE__)(0ull - (unsigned long long)x) : x;
}
