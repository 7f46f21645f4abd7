// expect: false
// heap-allocated 2D matrix (array of row pointers)
// witness: 6
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int d = __VERIFIER_nondet_int();
  __VERIFIER_assume(d >= -5 && d <= 10);
  int **m = malloc(3 * sizeof(int *));
  if (!m) return 0;
  for (int i = 0; i < 3; i++) {
    m[i] = malloc(3 * sizeof(int));
    if (!m[i]) {
      for (int j = 0; j < i; j++) free(m[j]);
      free(m);
      return 0;
    }
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      m[i][j] = (i == j) ? d : i + j;
  int tr = 0;
  for (int i = 0; i < 3; i++) tr += m[i][i];
  if (tr + m[0][2] + m[2][1] == 23) reach_error();
  for (int i = 0; i < 3; i++) free(m[i]);
  free(m);
  return 0;
}
