// expect: false
// (what each mode answers: tests/prove/manifest)
// a, b, c rotate and one grows by 4, but c starts at 6: a is 6 after two steps
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned a = 0, b = 4, c = 6;
  while (__VERIFIER_nondet_bool()) { unsigned t = a; a = b; b = c; c = t + 4; }
  __VERIFIER_assert(a % 4 == 0);
  return 0;
}
