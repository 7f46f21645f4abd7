// expect: false
// Section 3.4: the inner loop's counter depends on the outer iteration, so
// the outer summary has j as unknown (⋆).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  int i = 0;
  int j = 0;
  while (i < m) {
    j = i;
    while (j < n)
      j++;
    i++;
  }
  if (i == 5)
    reach_error();
  return 0;
}
