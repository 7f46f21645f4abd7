// expect: true
// (what each mode answers: tests/prove/manifest)
// s is the square of i: s == i*i with increments 2i+1
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
  unsigned s = 0, i = 0;
  while (__VERIFIER_nondet_bool()) { s += 2 * i + 1; i++; }
  __VERIFIER_assert(s == i * i);
  return 0;
}
