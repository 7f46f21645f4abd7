// expect: true
// main reads and writes g whole; a helper memsets byte 0 of it; the write happens in iteration 1000 only, so
// bounded model checking cannot find it and an invariant such as g <= 1u must not hide it
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *memset(void *, int, unsigned long);
unsigned g;
void poke(void) { memset((unsigned char *)&g + 0, 1, 1); }
int main(void) {
  g = 0;
  unsigned n = __VERIFIER_nondet_uint();
  for (unsigned i = 0; i < n; i++) {
    g = 1 - g;
    if (i == 1000)
      poke();
  }
  if (g > 1u)
    reach_error();
  return 0;
}
