// expect: false
// (what each mode answers: tests/prove/manifest)
// the clamped sum reaches 90 when every input is at least 9
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int clamp(int v, int lo, int hi) {
  if (lo > hi) reach_error();
  if (v < lo) return lo;
  if (v > hi) return hi;
  return v;
}
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) s += clamp(__VERIFIER_nondet_int(), 0, 9);
  __VERIFIER_assert(s < 90);
  return 0;
}
