// expect: false
// (what each mode answers: tests/prove/manifest)
// the identity fails for negative counts, where the result is 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int id(int n) {
  if (n <= 0) return 0;
  return id(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int r = id(n);
  __VERIFIER_assert(r == n);
  return 0;
}
