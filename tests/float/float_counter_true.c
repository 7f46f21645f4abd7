// expect: true
// 0.25f is a power of two: four additions give 1 exactly
extern void reach_error(void);
int main(void) {
  float f = 0.0f;
  int n = 0;
  while (f != 1.0f && n < 20) {
    f += 0.25f;
    n++;
  }
  if (n != 4) reach_error();
  return 0;
}
