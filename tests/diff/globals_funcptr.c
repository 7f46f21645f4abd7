// diff: initialised globals, string literal, static locals, function-pointer table indexed by a masked input
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

int counter = 5;
unsigned char bytes[4] = {1, 2, 250, 255};
const char *msg = "kappa";
short shorts[3] = {-1, 300, -32768};

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int xor_(int a, int b) { return a ^ b; }

static int (*const ops[4])(int, int) = {add, sub, mul, xor_};

static int next_id(void) {
  static int id = 100;
  return id++;
}

static int accumulate(int v) {
  static long long total;
  total += v;
  return (int)(total % 1000);
}

int main(void) {
  unsigned int sel = __VERIFIER_nondet_uint() & 3u;
  int a = __VERIFIER_nondet_int() % 1000;
  int b = __VERIFIER_nondet_int() % 1000;
  __kappa_trace(sel);
  __kappa_trace(ops[sel](a, b));
  __kappa_trace(ops[(sel + 1u) & 3u](b, a));
  if (ops[sel] == add) __kappa_trace(1); else __kappa_trace(2);
  int (*f)(int, int) = sel < 2 ? mul : sub;
  __kappa_trace(f(a, 3));
  __kappa_trace(next_id());
  __kappa_trace(next_id());
  __kappa_trace(next_id());
  __kappa_trace(accumulate(a));
  __kappa_trace(accumulate(b));
  counter += bytes[sel];
  __kappa_trace(counter);
  bytes[sel] += 10;
  __kappa_trace(bytes[sel]);
  __kappa_trace(bytes[2] + bytes[3]);
  __kappa_trace(msg[(unsigned int)a % 5u]);
  __kappa_trace(msg[5]);
  __kappa_trace(shorts[sel % 3u] * 2);
  shorts[1] = (short)(shorts[1] * 200);
  __kappa_trace(shorts[1]);
  return 0;
}
