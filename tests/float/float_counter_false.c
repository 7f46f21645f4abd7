// expect: false
// 0.1f added ten times is 1.0000001f, not 1: the loop that waits for 1
// exactly runs past it
extern void reach_error(void);
int main(void) {
  float f = 0.0f;
  int n = 0;
  while (f != 1.0f && n < 20) {
    f += 0.1f;
    n++;
  }
  if (n == 20) reach_error();
  return 0;
}
