// expect: false
// paths: 4
// a 2-D array indexed by two inputs: nested getelementptrs, one offset term
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int grid[4][5];
int main(void) {
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 5; c++) grid[r][c] = 10 * r + c;
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  __VERIFIER_assume(j >= 0 && j < 5);
  if (grid[i][j] == 32) reach_error(); // i == 3, j == 2
  return 0;
}
