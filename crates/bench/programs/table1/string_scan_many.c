// Table 1 "string scan for several words" (HWM): counts "hi" and "wo"
// occurrences in the input text; the target needs two of each.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
#define N 16
int main(void) {
  char t[N];
  for (int i = 0; i < N; i++) t[i] = __VERIFIER_nondet_char();
  int hi = 0, wo = 0;
  for (int i = 0; i + 1 < N; i++) {
    if (t[i] == 'h' && t[i + 1] == 'i') hi++;
    if (t[i] == 'w' && t[i + 1] == 'o') wo++;
  }
  if (hi == 2 && wo == 2) reach_error();
  return 0;
}
