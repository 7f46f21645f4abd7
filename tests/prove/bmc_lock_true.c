// expect: true
// (what each mode answers: tests/prove/manifest)
// the same lock cannot open on a hash whose low bits disagree with the last step's
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned ok = 0, h = 7;
  for (unsigned i = 0; i < 24; i++) {
    unsigned char c = __VERIFIER_nondet_uchar();
    h = h * 31 + c;
    if ((h & 3) == (i & 3)) ok++;
  }
  __VERIFIER_assert(!(ok == 24 && (h & 0xff) == 0x5a));
  return 0;
}
