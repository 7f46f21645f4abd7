// expect: false
// (what each mode answers: tests/prove/manifest)
// a for loop's own counter k is not in scope at the for keyword (the false twin: one step too many)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned s = 0;
  assume_abort_if_not(n <= 1000);
  for (unsigned k = 0; k <= n; k++) {
    s += 2;
  }
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
