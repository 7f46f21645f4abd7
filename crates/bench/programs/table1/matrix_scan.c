// Table 1 "matrix scan": counts the zero entries of an input 4x4 matrix;
// the target needs exactly 5.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int m[4][4];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) m[i][j] = __VERIFIER_nondet_int();
  int zeros = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (m[i][j] == 0) zeros++;
  if (zeros == 5) reach_error();
  return 0;
}
