// expect: true
// paths: 2
// run: 5 -> 1
// run: 12 -> 0
// a long concrete loop runs natively; the branch on the input after it cannot reach the error
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned s = 0;
  for (unsigned i = 0; i < 3000000u; i++)
    s += i & 7;
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 10) {
    if (s != 10500000u) reach_error();
  }
  return 0;
}
