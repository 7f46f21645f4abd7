// expect: false
// (what each mode answers: tests/prove/manifest)
// the same array holds 100 at index 50
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int a[64];
int main(void) {
  for (int i = 0; i < 64; i++) a[i] = 2 * i;
  for (int j = 0; j < 64; j++) __VERIFIER_assert(a[j] != 100);
  return 0;
}
