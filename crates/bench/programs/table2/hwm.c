// HWM: count the words "hello" and "world" of an input string; the target
// needs at least two of each.
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
#define N 32
char s[N];
int main(void) {
  for (int k = 0; k < N - 1; k++)
    s[k] = __VERIFIER_nondet_char();
  s[N - 1] = 0;
  int hello = 0, world = 0;
  for (int i = 0; s[i] != 0 && i + 5 < N; i++) {
    if (s[i] == 'h' && s[i + 1] == 'e' && s[i + 2] == 'l' && s[i + 3] == 'l' && s[i + 4] == 'o')
      hello++;
    if (s[i] == 'w' && s[i + 1] == 'o' && s[i + 2] == 'r' && s[i + 3] == 'l' && s[i + 4] == 'd')
      world++;
  }
  if (hello >= 2 && world >= 2)
    reach_error();
  return 0;
}
