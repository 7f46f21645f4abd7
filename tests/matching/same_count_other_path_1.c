// expect: false
// Two paths reach the loop header with the same concrete i and c but
// different path conditions over the same symbolic array (A[0] == 5 or
// A[1] == 5). Neither covers the other: the error needs A[1] == 5.
// (A match that compared only the expressions, not their values under
// each path condition, would drop one of them and answer true.)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int A[3];
int main(void) {
  for (int k = 0; k < 3; k++) A[k] = __VERIFIER_nondet_int();
  int c = 0;
  for (int i = 0; i < 3; i++)
    if (A[i] == 5) c++;
  if (c == 1 && A[1] == 5 && A[2] == 9) reach_error();
  return 0;
}
