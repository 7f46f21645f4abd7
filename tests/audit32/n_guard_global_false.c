// expect: false
// navigate: the loop guard reads a global that a helper called in the body changes
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned lim = 10;
void shrink(void) { lim -= 1; }
int main(void) {
  unsigned i = 0;
  while (i < lim) {
    i++;
    shrink();
  }
  if (i < 10)
    reach_error();
  return 0;
}
