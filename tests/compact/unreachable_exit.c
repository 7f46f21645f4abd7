// expect: true
// The loop can only be left with x == 7, and then the check passes; with
// an input start value the classic tree is infinite.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  while (x != 7) x += 1;
  if (x != 7) reach_error();
  return 0;
}
