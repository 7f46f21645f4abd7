// expect: true
// 2D array filled by nested loops, read back at a symbolic row/column
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[3][4];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      a[i][j] = i * j;
  int r = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  __VERIFIER_assume(r >= 0 && r < 3);
  __VERIFIER_assume(c >= 0 && c < 4);
  if (a[r][c] != r * c) reach_error();
  int rowsum = 0;
  for (int j = 0; j < 4; j++) rowsum += a[r][j];
  if (rowsum != 6 * r) reach_error();
  int colsum = 0;
  for (int i = 0; i < 3; i++) colsum += a[i][c];
  if (colsum != 3 * c) reach_error();
  return 0;
}
