// expect: false
// (what each mode answers: tests/prove/manifest)
// sum(n) is not n*n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
unsigned sum(unsigned n) {
  if (n == 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000) return 0;
  unsigned s = sum(n);
  __VERIFIER_assert(s == n * n);
  return 0;
}
