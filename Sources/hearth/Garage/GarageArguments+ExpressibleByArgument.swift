public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

extension ImportSource: ExpressibleByArgument {}

extension DistanceUnit: ExpressibleByArgument {}

extension DateOrder: ExpressibleByArgument {}

extension ServiceLog.CostCategory: ExpressibleByArgument {}
extension FuelEconomyUnit: ExpressibleByArgument {}
extension GarageArchiveFormat: ExpressibleByArgument {}
