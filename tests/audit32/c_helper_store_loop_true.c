// expect: true
// condition: an inlined helper called in a loop stores through its pointer parameter at a progression
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void set(unsigned *p, unsigned v) { *p = v; }
int main(void) {
  unsigned a[6] = {0, 0, 0, 0, 0, 0};
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned i = 0; i < n && i < 6; i++)
    set(&a[i], 2);
  if (a[4] == 1)
    reach_error();
  return 0;
}
