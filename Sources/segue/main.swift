import Segue
print("segue")
