// expect: false
// Counting to 100 with nondet steps of 1 to 3: the error needs the shortest run (33 steps of 3 and one of 1).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int i = 0, c = 0;
  while (i < 100) {
    unsigned int s = __VERIFIER_nondet_uint();
    __VERIFIER_assume(s >= 1 && s <= 3);
    i += s;
    c++;
  }
  if (i == 100 && c == 34)
    reach_error();
  return 0;
}
