// expect: false
// condition: each iteration stores at a progression and through an alias of an element (two stores: no array rule)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned a[8];
  unsigned char k = __VERIFIER_nondet_uchar() % 8;
  unsigned *q = &a[k];
  for (unsigned i = 0; i < 8; i++) {
    a[i] = 0;
    *q = 9;
  }
  if (a[k] == 9 && k < 4)
    reach_error();
  return 0;
}
