int main() {
  int a[N];
  int b = 0;
  for (int i=0; i< N; i++)
  {
    b = i ;
    a[i] = b;
  }
}
