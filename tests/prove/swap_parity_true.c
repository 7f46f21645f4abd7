// expect: true
// (what each mode answers: tests/prove/manifest)
// x and y trade places and one grows by 2: x stays even (2-inductive: y's parity is no candidate)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned x = 0, y = 0;
  while (__VERIFIER_nondet_bool()) { unsigned t = x; x = y; y = t + 2; }
  __VERIFIER_assert(x % 2 == 0);
  return 0;
}
