extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x;
  /* y = x + 1, computed by inline assembly on the path to reach_error */
  __asm__ volatile ("addl $1, %0" : "+r"(y));
  if (y == 100u) reach_error();
  return 0;
}
