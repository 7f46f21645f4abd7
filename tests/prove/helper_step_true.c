// expect: true
// (what each mode answers: tests/prove/manifest)
// a loop-free helper called in the loop body: walked through as part of the loop's paths, so the lockstep invariant y == 3*x is found
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
unsigned step(unsigned v, unsigned k) { return v + k; }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0;
  while (x < n) {
    x = step(x, 1);
    y = step(y, 3);
  }
  __VERIFIER_assert(y == 3 * x);
  return 0;
}
