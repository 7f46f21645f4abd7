// expect: true
// a pointer stepped through a local array (issue 32, class 6: stack objects of constant size)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  unsigned a[4];
  unsigned *p = a;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned i = 0; i < 4; i++) {
    *p = i + n;
    p++;
  }
  if (a[3] - n != 3)
    reach_error();
  return 0;
}
