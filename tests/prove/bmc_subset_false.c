// expect: false
// (what each mode answers: tests/prove/manifest)
// subset sums of squares: 2^40 paths, one bounded model checking query finds a subset summing to 12345
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned s = 0;
  for (unsigned i = 1; i <= 40; i++) {
    if (__VERIFIER_nondet_bool()) s += i * i;
  }
  __VERIFIER_assert(s != 12345);
  return 0;
}
