// TwoLoops (loop navigation paper, Section 4): OneLoop followed by a loop
// whose condition depends on the value computed by the first.
// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i += 4;
  int j = 0;
  while (j < i) j += 2;
  if (j == 15) reach_error();
  return 0;
}
