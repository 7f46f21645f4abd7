// expect: true
// main reads and writes g whole; a helper memcpys 2 bytes (1, 0) to offset 0 of it (issue 32, class 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void *memcpy(void *, const void *, unsigned long);
unsigned g;
unsigned char two[2] = {1, 0};
void poke(void) {
  memcpy((unsigned char *)&g + 0, two, 2);
}
int main(void) {
  g = 0;
  while (__VERIFIER_nondet_bool()) {
    g = 1 - g;
    if (__VERIFIER_nondet_bool())
      poke();
  }
  if (g > 1u)
    reach_error();
  return 0;
}
