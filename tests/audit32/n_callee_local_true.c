// expect: true
// navigate: a helper increments a local of main through a pointer in a loop; the local decides the error
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void step(unsigned *p) { *p += 1; }
int main(void) {
  unsigned x = 0;
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000)
    return 0;
  for (unsigned i = 0; i < n; i++)
    step(&x);
  if (x == 1001)
    reach_error();
  return 0;
}
