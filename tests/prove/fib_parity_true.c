// expect: true
// (what each mode answers: tests/prove/manifest)
// x, y step as Fibonacci from two even numbers: x stays even (2-inductive)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 2, i = 0;
  while (i < n) { unsigned t = x + y; x = y; y = t; i++; }
  __VERIFIER_assert(x % 2 == 0);
  return 0;
}
