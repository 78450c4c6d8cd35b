public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

extension GarageReportFormat: ExpressibleByArgument {}
